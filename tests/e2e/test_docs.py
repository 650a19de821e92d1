"""The API docs work from the server's own files under their strict content-security policy
(issue 10, point 18): Swagger UI draws every operation, nothing is refused by the policy, and
no request leaves the server's origin."""

from __future__ import annotations

from playwright.sync_api import Browser

from tests.e2e.conftest import new_page
from tests.server.process import ServerProcess


def test_the_api_docs_draw_under_their_policy(
    server: ServerProcess, browser: Browser, page_errors: list[str]
) -> None:
    page = new_page(browser, page_errors)
    elsewhere: list[str] = []
    page.on(
        "request",
        lambda request: (
            None if request.url.startswith(server.url) else elsewhere.append(request.url)
        ),
    )
    page.add_init_script(
        "window.__violations = [];"
        "document.addEventListener('securitypolicyviolation',"
        " (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));"
    )
    page.goto(f"{server.url}/docs")
    page.wait_for_selector(".opblock", timeout=30_000)
    assert page.locator(".opblock").count() >= 10  # every route of the API is drawn
    page.locator(".opblock-summary", has_text="/api/health").first.click()
    page.get_by_role("button", name="Try it out").click()
    page.get_by_role("button", name="Execute").click()
    page.wait_for_selector(".response .response-col_status", timeout=10_000)
    assert page.evaluate("window.__violations") == []
    assert elsewhere == []
    page.context.close()
