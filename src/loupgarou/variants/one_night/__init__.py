"""One Night (Bézier / Ravensburger): 12 roles, the Doppelgänger, scenarios, tournament."""

from loupgarou.variants.one_night.variant import VARIANT

__all__ = ["VARIANT"]
