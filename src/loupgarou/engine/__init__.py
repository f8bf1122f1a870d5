"""The engine: drives a rules family, keeps the event log, builds seat views."""

from loupgarou.engine.match import Match, new_match
from loupgarou.engine.record import RECORD_VERSION, load_record, replay
from loupgarou.engine.views import SeatView

__all__ = ["RECORD_VERSION", "Match", "SeatView", "load_record", "new_match", "replay"]
