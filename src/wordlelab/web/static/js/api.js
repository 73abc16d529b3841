// Requests to the server: same origin, JSON in and out (the server refuses anything else), and
// a counter per kind of request so that only the newest answer is ever drawn.

import { lang, reasonText, t } from "./i18n.js";

export class ApiError extends Error {
  /** ``said``: the message is in the page's language (not a server line it has no words for). */
  constructor(message, status, said = false) { super(message); this.status = status; this.said = said; }
}

/** What went wrong, all in the page's language: ``err``'s message where it is (always on the
 * English page), else the text ``fallback`` names (a server line this page has no words for, a
 * network that failed). For the messages a page must not leave half in English. */
export function saidOr(err, fallback) {
  return err.said || lang() === "en" ? err.message : t(fallback);
}

export async function api(path, body) {
  const init = { credentials: "same-origin", headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.method = "POST";
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  let data;
  try { data = await response.json(); } catch { data = {}; }
  if (!response.ok) {
    const reason = reasonText(data);
    throw new ApiError(reason ?? data.error ?? `HTTP ${response.status}`, response.status, reason !== null);
  }
  return data;
}

/** Only the newest of overlapping requests counts: ``run`` resolves to null for a stale one. */
export class Latest {
  constructor() { this.ticket = 0; this.pending = 0; }

  async run(promiseFn) {
    const ticket = ++this.ticket;
    this.pending += 1;
    try {
      const value = await promiseFn();
      return ticket === this.ticket ? { value } : null;
    } catch (err) {
      if (ticket !== this.ticket) return null;
      throw err;
    } finally {
      this.pending -= 1;
    }
  }

  get busy() { return this.pending > 0; }
}

/** Run ``send(progressId)`` (a request that may prove an opener's tree first) and, while it
 * runs, tell ``onUpdate`` how the proof goes (GET /api/progress/ID: opener, groups done, total). */
export async function withProgress(send, onUpdate) {
  const job = await api("/api/progress", {});
  let done = false;
  const poll = async () => {
    while (!done) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      if (done) break;
      try {
        const p = await api(`/api/progress/${encodeURIComponent(job.id)}`);
        if (!done && p.proving) onUpdate(p);
      } catch { break; }  // the figure is only shown; the request itself says what went wrong
    }
  };
  poll();
  try {
    return await send(job.id);
  } finally {
    done = true;
  }
}
