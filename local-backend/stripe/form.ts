/**
 * Stripe's request encoding: form fields (and GET query strings) with bracket nesting, as the `stripe` SDK writes
 * them: `items[0][price]=price_1`, `metadata[userId]=u1`, `expand[0]=a` or `expand[]=a`.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Form = { [key: string]: FormValue };

/** Nests `URLSearchParams` by their brackets; objects whose keys are all indices become arrays, in index order. */
export function parseForm(params: URLSearchParams): Form {
  const root: Form = {};
  for (const [key, value] of params) {
    const path = key.split("[").map((part, index) => (index === 0 ? part : part.replace(/\]$/, "")));
    let node: Form = root;
    path.forEach((part, index) => {
      const name = part === "" ? String(Object.keys(node).length) : part;
      if (index === path.length - 1) {
        node[name] = value;
        return;
      }
      const next = node[name];
      node = typeof next === "object" && !Array.isArray(next) ? next : (node[name] = {});
    });
  }
  return toArrays(root) as Form;
}

function toArrays(value: FormValue): FormValue {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((key) => [key, toArrays(value[key]!)] as const);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, item]) => item);
  }
  return Object.fromEntries(entries);
}
