// The catalog read into one shape, whether the server sends lists or mappings.
import { entries } from "./common.js";

export const num = (x, d) => (Number.isFinite(+x) ? +x : d);
const range = (o) => {
  const p = o?.players ?? o;
  if (Array.isArray(p)) return [num(p[0], 3), num(p[p.length - 1], 40)];
  return [num(p?.min ?? o?.min_players, 3), num(p?.max ?? o?.max_players, 40)];
};

/** The catalog's families, read whether the server sends lists or mappings. */
export function families(cat) {
  return entries(cat?.families, "family").map(([key, f]) => ({
    key,
    title: f.title || key,
    range: range(f),
    scenarios: entries(f.scenarios).map(([k, s]) => ({
      key: k, title: s.title || k, about: s.about || s.help || "", range: range(s),
      deck: s.deck || null, decks: s.decks || null, warnings: s.warnings || [],
    })),
    roles: entries(f.roles, "role").map(([k]) => k),
    options: entries(f.options, "name").map(([k, o]) => ({ ...o, name: k })),
  }));
}

