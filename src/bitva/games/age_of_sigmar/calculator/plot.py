"""Drawing the calculator's distributions to a PNG (matplotlib, Agg backend: no display)."""

from __future__ import annotations

from pathlib import Path

from bitva.games.age_of_sigmar.calculator.calculator import CalcResult
from bitva.games.age_of_sigmar.calculator.pmf import to_floats
from bitva.games.age_of_sigmar.calculator.profiles import POLICIES


def plot_result(result: CalcResult, path: str | Path, title: str = "") -> Path:
    """Wounds inflicted (with P(W >= x)), models slain per policy and losses after battleshock,
    as a PNG image written to exactly `path` (whatever its suffix: matplotlib would add ".png" to a
    name without one, and the caller would name a file that was never written)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    path = Path(path)
    damage = to_floats(result.damage_pmf)
    cut = len(damage)
    while cut > 1 and sum(damage[cut - 1 :]) < 1e-6:
        cut -= 1
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.5))
    ax = axes[0]
    ax.bar(range(cut), damage[:cut], color="#8b1a1a")
    ax.set_title(f"Wounds inflicted (mean {result.mean_damage:.2f})")
    ax.set_xlabel("wounds W")
    ax.set_ylabel("P(W = x)")
    twin = ax.twinx()
    twin.plot(range(cut), to_floats(result.damage_tail)[:cut], color="#1f3b73", marker=".")
    twin.set_ylabel("P(W >= x)")
    twin.set_ylim(0, 1.02)
    n = result.target.n_models
    ax = axes[1]
    width = 0.4
    for offset, policy, color in zip(
        (-width / 2, width / 2), POLICIES, ("#8b1a1a", "#c9a227"), strict=True
    ):
        ax.bar(
            [k + offset for k in range(n + 1)],
            to_floats(result.slain_pmf[policy]),
            width=width,
            color=color,
            label=f"{policy} (mean {result.mean_slain(policy):.2f})",
        )
    ax.set_title(f"Models slain of {n} (wipe {float(result.wipe_probability()):.2%})")
    ax.set_xlabel("models slain")
    ax.legend()
    ax = axes[2]
    ax.bar(range(n + 1), to_floats(result.losses_pmf), color="#3c6e47")
    ax.set_title(f"Losses after battleshock (gone {float(result.gone_probability):.2%})")
    ax.set_xlabel("models slain + fled")
    if title:
        fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(path, dpi=110, format="png")
    plt.close(fig)
    return path
