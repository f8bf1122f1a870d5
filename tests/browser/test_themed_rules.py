"""Themes rename roles everywhere, the table's rules too: in the lobby of a pirates room,
the editor names the roles in the rules' labels, helps and choices as the pirates do, in
English and in French; the table's name follows."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.browser.conftest import Phone, Server


def test_the_rules_name_the_roles_as_the_theme_does(browser: Browser, server: Server) -> None:
    code, token = server.room(
        "Ann",
        family="thiercelieux",
        scenario="suggested-thief",
        players=8,
        mode="phones",
        lang="en",
        theme="pirates",
    )
    ann = Phone(browser, server.base, "Ann").with_token(code, token)
    try:
        ann.open(f"/r/{code}")
        expect(ann.page.locator("#seats")).to_be_visible()
        ann.page.click("#edit-settings summary")
        label = ann.page.locator('label[for="set-opt-witch_self_poison"]')
        help_ = ann.page.locator("#set-opt-witch_self_poison-h")
        expect(label).to_have_text("The Ship's Surgeon may poison herself")
        expect(ann.page.locator('label[for="set-opt-thief_must_swap"]')).to_have_text(
            "The Stowaway must swap"
        )
        thief_help = ann.page.locator("#set-opt-thief_must_swap-h")
        expect(thief_help).to_contain_text("unless both are Mutineers")
        expect(thief_help).not_to_contain_text("Werewol")
        expect(ann.page.locator("#set-scenario")).to_contain_text("with the Stowaway")
        captain = ann.page.locator('label[for="set-opt-captain"]')
        expect(captain).to_have_text("A Quartermaster")
        # The page in French: the French pirates' names, the rule worded for any gender.
        ann.page.click('[data-lang="fr"]')
        expect(label).to_have_text("Chirurgien de bord\u00a0: peut s'empoisonner")
        expect(label).not_to_contain_text("Sorcière")
        expect(help_).to_contain_text("tout autre joueur vivant")
        expect(thief_help).to_contain_text("Le joueur Passager clandestin est obligé")
        expect(thief_help).to_contain_text("des Mutins")
        expect(thief_help).not_to_contain_text("Loup")
        expect(captain).to_have_text("Titre de Quartier-maître")
        expect(ann.page.locator("#set-scenario")).to_contain_text(
            "avec la carte Passager clandestin"
        )
        # Without a theme, the classic names again.
        ann.page.select_option("#set-theme", "")
        expect(label).to_have_text("Sorcière\u00a0: peut s'empoisonner")
        ann.page.click('[data-lang="en"]')
        expect(label).to_have_text("The Witch may poison herself")
        assert not ann.errors, ann.errors
    finally:
        ann.close()


def test_a_warning_about_the_deck_names_the_roles_as_the_theme_does(
    browser: Browser, server: Server
) -> None:
    # An Insomniac with neither a Robber nor a Troublemaker to move her card: the engine
    # warns, and the page words the warning with the pirates' names.
    code, token = server.room(
        "Ann",
        family="one-night",
        deck=["werewolf", "werewolf", "seer", "insomniac", "villager", "villager"],
        players=3,
        mode="phones",
        lang="en",
        theme="pirates",
    )
    ann = Phone(browser, server.base, "Ann").with_token(code, token)
    try:
        ann.open(f"/r/{code}")
        warning = ann.page.locator('.notice.warn[data-code="setup.insomniac_alone"]')
        expect(warning).to_have_text(
            "The Night Watch learns nothing unless a Pickpocket or a Parrot can move her card."
        )
        ann.page.click('[data-lang="fr"]')
        expect(warning).to_contain_text("Veilleur")
        expect(warning).not_to_contain_text("Insomniaque")
        assert not ann.errors, ann.errors
    finally:
        ann.close()
