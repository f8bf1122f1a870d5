// The narrator's voice: speaks the night's cues at their times from the script the state
// carried, and keeps doing so when the connection drops (the script is held here).
const CHARS_PER_SECOND = 14; // a plain speaking pace at rate 1, in both languages

export function fitRate(text, seconds) {
  if (!seconds) return 1; // an open-ended line (the last one): no slot to fit
  const needed = text.length / CHARS_PER_SECOND;
  const room = Math.max(0.5, seconds * 0.9);
  return needed <= room ? 1 : Math.min(2, needed / room);
}

export class Narration {
  constructor(storageKey) {
    this.key = storageKey;
    this.timers = [];
    this.muted = false;
    this.log = [];
    try {
      this.spoken = new Set(JSON.parse(sessionStorage.getItem(storageKey) || "[]"));
    } catch {
      this.spoken = new Set();
    }
    this.signature = "";
    this.current = null;
  }

  clear() {
    for (const id of this.timers) clearTimeout(id);
    this.timers = [];
  }

  remember(k) {
    this.spoken.add(k);
    try {
      sessionStorage.setItem(this.key, JSON.stringify([...this.spoken].slice(-400)));
    } catch {
      /* ignore */
    }
  }

  /** Schedule the cues of `narr` (server times; `offset` = server clock - local clock). */
  update(narr, offset, { lang = "en", game = 0, paused = false } = {}) {
    const sig = JSON.stringify([narr?.origin, (narr?.cues || []).length, paused, game, lang, Math.round(offset * 10)]);
    if (sig === this.signature) return;
    this.signature = sig;
    this.clear();
    if (!narr || paused) {
      if (paused) this.stop();
      return;
    }
    const now = Date.now() / 1000 + offset;
    (narr.cues || []).forEach((cue, i) => {
      const k = `${game}|${i}|${cue.at}|${cue.kind}`;
      if (this.spoken.has(k)) return;
      const start = narr.origin + cue.at;
      const seconds = cue.seconds || 0;
      if (start + Math.max(seconds, 5) < now) {
        this.remember(k); // long past: a reload does not say it again
        return;
      }
      const delay = Math.max(0, (start - now) * 1000);
      this.timers.push(setTimeout(() => this.say(k, cue, start, seconds, lang, offset), delay));
    });
  }

  say(k, cue, start, seconds, lang, offset) {
    if (this.spoken.has(k)) return;
    this.remember(k);
    const entry = { text: cue.text, kind: cue.kind, at: cue.at, planned: start, seconds, started: Date.now() / 1000 + offset, ended: null, rate: fitRate(cue.text, seconds) };
    this.log.push(entry);
    if (this.muted || !("speechSynthesis" in window)) return;
    const u = new SpeechSynthesisUtterance(cue.text);
    u.lang = lang === "fr" ? "fr-FR" : "en-GB";
    const voice = speechSynthesis.getVoices().find((v) => v.lang?.toLowerCase().startsWith(lang));
    if (voice) u.voice = voice;
    u.rate = entry.rate;
    u.onend = () => {
      entry.ended = Date.now() / 1000 + offset;
    };
    this.current = u;
    speechSynthesis.speak(u);
  }

  stop() {
    if ("speechSynthesis" in window) speechSynthesis.cancel();
  }

  skip() {
    this.stop();
  }
}
