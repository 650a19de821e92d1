// What the seat to move may do, from its view's legal actions, and which line of a placement's
// preview is best for it (a win first, then enemy units eliminated minus own units lost).

/** The legal actions of the view, by kind. */
export function legalMoves(view) {
  const moves = { place: new Map(), shoot: [], arrows: false, berserk: new Map(), draw: false, recall: [] };
  for (const action of view.legal_actions || []) {
    if (action === "draw") moves.draw = true;
    else if (action === "arrows") moves.arrows = true;
    else if (action.startsWith("shoot ")) moves.shoot.push(action.slice(6));
    else if (action.startsWith("recall ")) moves.recall.push(action.slice(7));
    else if (action.startsWith("berserk ")) {
      const [from, to] = action.slice(8).split("-");
      if (!moves.berserk.has(from)) moves.berserk.set(from, []);
      moves.berserk.get(from).push(to);
    } else {
      const at = action.lastIndexOf("@");
      const card = action.slice(0, at);
      if (!moves.place.has(card)) moves.place.set(card, []);
      moves.place.get(card).push(action.slice(at + 1));
    }
  }
  return moves;
}

function lineScore(line, seat) {
  const kills = line.eliminated.filter((e) => e.owner !== seat).length;
  const losses = line.eliminated.filter((e) => e.owner === seat).length;
  let result = 0;
  if (line.result) result = line.result.winner === seat ? 2 : line.result.draw ? 0 : -2;
  return [result, kills - losses, kills];
}

function better(a, b) {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return false;
}

export function bestLine(lines, seat) {
  let best = null, bestScore = null;
  for (const line of lines) {
    const score = lineScore(line, seat);
    if (!best || better(score, bestScore)) [best, bestScore] = [line, score];
  }
  return best;
}
