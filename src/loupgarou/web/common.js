// Shared helpers of the home and room pages: translations, storage, role names, HTTP.
const LS = window.localStorage;
export const store = {
  get(key, fallback = null) {
    try {
      const raw = LS.getItem("lg." + key);
      return raw === null ? fallback : JSON.parse(raw);
    } catch {
      return fallback;
    }
  },
  set(key, value) {
    try {
      LS.setItem("lg." + key, JSON.stringify(value));
    } catch {
      /* private mode: the page still works, it only forgets */
    }
  },
  drop(key) {
    try {
      LS.removeItem("lg." + key);
    } catch {
      /* ignore */
    }
  },
};

export const tokenFor = (code) => (store.get("tokens", {}) || {})[code] || null;
export function saveToken(code, token) {
  const all = store.get("tokens", {}) || {};
  if (token) all[code] = token;
  else delete all[code];
  store.set("tokens", all);
}

export const LANGS = ["en", "fr"];
let dict = {};
let fallbackDict = {};
let lang = "en";
export function pickLang() {
  const saved = store.get("lang");
  if (LANGS.includes(saved)) return saved;
  return (navigator.language || "en").toLowerCase().startsWith("fr") ? "fr" : "en";
}
export async function loadLang(code) {
  const get = async (c) => {
    const r = await fetch(`/static/i18n/${c}.json`);
    if (!r.ok) throw new Error(`i18n ${c}: ${r.status}`);
    return r.json();
  };
  if (!Object.keys(fallbackDict).length) fallbackDict = await get("en");
  dict = code === "en" ? fallbackDict : await get(code);
  lang = code;
  document.documentElement.lang = code;
  store.set("lang", code);
  return dict;
}
export const currentLang = () => lang;

/** The text of `key` in the page's language, with `{name}` replaced from `vars`. */
export function t(key, vars = {}) {
  let s = dict[key] ?? fallbackDict[key];
  if (s === undefined) return key;
  return fill(s, (k) => (k in vars ? String(vars[k]) : null));
}

/** `text` with each `{name}` that `value(name)` knows filled in, and the French "de" and
 * "que" before it elided as French writes them ("d'Ann", "qu'Émile", "de Bruno"). */
function fill(text, value) {
  const french = lang === "fr";
  return text.replace(/(\b(?:de|que) )?\{(\w+)\}/g, (m, word, k) => {
    const v = value(k);
    if (v === null) return m;
    if (!word) return v;
    return french && /^[aeiouyàâäéèêëîïôöùûüœæ]/i.test(v) ? `${word.slice(0, -2)}'${v}` : word + v;
  });
}
export const has = (key) => key in dict || key in fallbackDict;

/** `text` with the roles it names itself (`{insomniac}`, `{werewolf_many}`) named by `role`
 * (the room's theme); other placeholders are left as they are. */
function withRoles(text, role) {
  return fill(text, (k) => {
    const many = k.endsWith("_many");
    const r = many ? k.slice(0, -5) : k;
    return has(`role.${r}`) ? role(r, many) : null;
  });
}

/** A problem, warning or error from the server in the page's language: the text of
 * `err.<code>` with the `data` it came with (role keys named by `role`, rules by their
 * label, lists joined, numbers written the page's way); the server's English message
 * when the page has no text for the code, or the data it needs is missing. */
export function errorText(item, role = (r, many = false) => (has(`role.${r}${many ? ".many" : ""}`) ? t(`role.${r}${many ? ".many" : ""}`) : r)) {
  const key = `err.${item?.code}`;
  const english = item?.message || item?.code || "";
  if (!item?.code || !has(key)) return english;
  const word = (k, v) => {
    if (Array.isArray(v)) {
      const xs = v.map((x) => word(k === "roles" ? "role" : k, x));
      return xs.length > 1 ? `${xs.slice(0, -1).join(", ")} ${t("common.and")} ${xs[xs.length - 1]}` : xs.join("");
    }
    if (k === "role") return role(v);
    if (k === "option" && has(`opt.${v}`)) return withRoles(t(`opt.${v}`), role);
    if (typeof v === "number") return v.toLocaleString(lang);
    return String(v);
  };
  const vars = {};
  for (const [k, v] of Object.entries(item.data || {})) vars[k] = word(k, v);
  const text = withRoles(t(key, vars), role);
  return /\{\w+\}/.test(text) ? english : text;
}

const ESC = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const esc = (s) => String(s ?? "").replace(/[&<>"']/g, (c) => ESC[c]);

/** A list or a mapping from the catalog, as a list of [key, value]. */
export function entries(x, keyName = "key") {
  if (!x) return [];
  if (Array.isArray(x))
    return x.map((v) => [typeof v === "string" ? v : v[keyName] ?? v.name ?? v.family ?? v.role, v]);
  return Object.entries(x);
}

export async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  };
  const r = await fetch(path, init);
  let data = null;
  try {
    data = await r.json();
  } catch {
    data = null;
  }
  if (!r.ok) {
    const err = new Error(data?.error?.message || `HTTP ${r.status}`);
    err.code = data?.error?.code || `http.${r.status}`;
    err.data = data?.error?.data || null;
    throw err;
  }
  return data;
}

/** The language switch: two real buttons, the current one pressed. */
export function langSwitch() {
  return `<div class="langs" role="group" aria-label="${esc(t("lang.switch"))}">${LANGS.map(
    (l) => `<button type="button" class="lang" data-lang="${l}" aria-pressed="${l === lang}" lang="${l}">${l.toUpperCase()}</button>`,
  ).join("")}</div>`;
}
