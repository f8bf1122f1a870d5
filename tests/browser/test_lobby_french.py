"""A French room's lobby speaks French: its empty seats, the engine's warning on a deck
and its refusal of a table (a problem in the lobby, an error when the host asks for too
few players) are worded by the pages, with their numbers and role names; an English
page of the same room words them in English."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.browser.conftest import Phone, Server

NBSP = "\u00a0"


def test_a_french_lobby_tells_its_problems_and_warnings_in_french(
    browser: Browser, server: Server
) -> None:
    # Three One Night seats, the host alone, and a deck of three Werewolves (the box has two).
    code, token = server.room(
        "Anne",
        family="one-night",
        scenario=None,
        deck=["werewolf", "werewolf", "werewolf", "seer", "villager", "villager"],
        players=3,
        mode="phones",
        lang="fr",
    )
    anne = Phone(browser, server.base, "Anne", lang="fr").with_token(code, token)
    ben = Phone(browser, server.base, "Ben", lang="en")
    try:
        anne.open(f"/r/{code}")
        problem = anne.page.locator(".notice.bad")
        warning = anne.page.locator(".notice.warn")
        expect(problem).to_have_text(
            f"Places encore vides{NBSP}: 2 et 3. Attendez d'autres joueurs ou ajoutez des robots."
        )
        expect(warning).to_have_text(f"3 cartes Loup-Garou{NBSP}: la boîte n'en contient que 2.")
        expect(anne.page.locator("[data-start]")).to_be_disabled()

        # Ben joins from an English page: the pages' English, not the server's.
        ben.join(code, "Ben")
        expect(ben.page.locator(".notice.bad")).to_have_text(
            "Seats still empty: 3. Wait for players or add bots."
        )
        expect(problem).to_have_text(
            f"Places encore vides{NBSP}: 3. Attendez d'autres joueurs ou ajoutez des robots."
        )
        expect(ben.page.locator(".notice.warn")).to_have_text(
            "3 Werewolf cards: the box holds only 2."
        )

        # A card too many: the engine refuses the table, the lobby says why in French
        # (and the warning waits for a table that can be dealt).
        anne.page.click("#edit-settings summary")
        anne.page.click('[data-set-deck="+"][data-role="tanner"]')
        expect(problem.nth(1)).to_have_text(
            f"Pour 3 joueurs, il faut 6 cartes{NBSP}; le paquet en compte 7."
        )
        expect(warning).to_have_count(0)

        # Too few players for the game: refused when asked, the error in French too.
        anne.page.fill("#set-players", "2")
        anne.page.press("#set-players", "Enter")
        expect(anne.page.locator(".toast")).to_have_text(
            "Ce jeu demande au moins 3 joueurs, pas 2."
        )
        assert not anne.errors and not ben.errors, anne.errors + ben.errors
    finally:
        anne.close()
        ben.close()
