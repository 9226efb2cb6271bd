// tournament.js: a tournament's page reloads when the tournament changes
// (a result, a new round), told by its event stream.
"use strict";
(function () {
  const main = document.getElementById("tournament");
  if (!main || !window.EventSource) return;
  function connect() {
    const es = new EventSource("/t/" + main.dataset.token + "/events?v=" + main.dataset.version);
    es.addEventListener("changed", () => { es.close(); location.reload(); });
    es.addEventListener("error", () => { if (es.readyState === EventSource.CLOSED) setTimeout(connect, 3000); });
  }
  connect();
})();
