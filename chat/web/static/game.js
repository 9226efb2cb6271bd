// game.js: a game's page. Steps through the moves (buttons, arrow keys, a
// move of the list), flips the board, ticks the running clock, and follows
// the game live through its event stream (server-sent events: a page that
// reconnects sends the last event's id and gets the game as it stands).
"use strict";
(function () {
  const main = document.getElementById("game");
  if (!main) return;
  const token = main.dataset.token, lang = main.dataset.lang;
  const picture = main.dataset.picture === "1";
  const board = document.getElementById("board");
  const moves = document.getElementById("moves");
  const stepno = document.getElementById("stepno");
  const live = document.getElementById("live");
  let steps = Number(main.dataset.steps), step = steps, flip = main.dataset.flip === "1";
  let version = Number(main.dataset.version);
  let running = Number(main.dataset.running), since = performance.now();
  let left = Array.from(document.querySelectorAll(".clock"), (c) => Number(c.dataset.ms));

  function show(n) {
    step = Math.max(0, Math.min(steps, n));
    if (picture && board) {
      board.src = "/g/" + token + "/step/" + step + ".png?lang=" + lang + (flip ? "&flip=1" : "");
    }
    stepno.textContent = step + "/" + steps;
    if (board) board.dataset.current = step === steps ? "1" : ""; // play.js: a click on it plays
    moves.querySelectorAll("button").forEach((b) => {
      const cur = Number(b.dataset.step) === step;
      b.classList.toggle("current", cur);
      if (cur) b.setAttribute("aria-current", "step"); else b.removeAttribute("aria-current");
    });
  }
  document.getElementById("first").addEventListener("click", () => show(0));
  document.getElementById("prev").addEventListener("click", () => show(step - 1));
  document.getElementById("next").addEventListener("click", () => show(step + 1));
  document.getElementById("last").addEventListener("click", () => show(steps));
  document.getElementById("flip").addEventListener("click", () => { flip = !flip; show(step); });
  moves.addEventListener("click", (e) => {
    const b = e.target.closest("button[data-step]");
    if (b) show(Number(b.dataset.step));
  });
  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.target.closest("input, textarea")) return;
    const to = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: steps }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    show(to);
  });

  function fmt(ms) {
    const s = Math.max(0, Math.round(ms / 1000)), h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60);
    const ss = String(s % 60).padStart(2, "0");
    return h > 0 ? h + ":" + String(m).padStart(2, "0") + ":" + ss : m + ":" + ss;
  }
  function tick() {
    document.querySelectorAll(".clock").forEach((c) => {
      const side = Number(c.dataset.side);
      let ms = left[side];
      if (side === running) ms -= performance.now() - since;
      c.textContent = fmt(ms);
      c.classList.toggle("running", side === running);
    });
  }
  setInterval(tick, 250);

  function text(id, s) { const el = document.getElementById(id); if (el) el.textContent = s || ""; }
  function list(el, items, make) {
    el.replaceChildren(...items.map(make));
  }
  function item(tag, cls, s) { const e = document.createElement(tag); if (cls) e.className = cls; e.textContent = s; return e; }

  function apply(st) {
    version = st.v;
    const following = step === steps;
    text("status", st.status);
    text("prompt", st.prompt);
    list(document.getElementById("offers"), st.offers || [], (o) => item("li", "", o));
    list(document.getElementById("dice"), st.dice || [], (d) => item("span", "die", String(d)));
    const ps = document.querySelectorAll("#players .player");
    st.players.forEach((p, i) => {
      const li = ps[i];
      if (!li) return;
      li.classList.toggle("to-move", p.ToMove);
      li.classList.toggle("winner", p.Winner);
      li.querySelector(".name").textContent = p.Name;
      li.querySelector(".rating").textContent = p.Rating || "";
    });
    if (st.left) { left = st.left; running = st.running; since = performance.now(); tick(); }
    const turns = st.turns || [];
    const start = moves.querySelector('button[data-step="0"]').textContent;
    list(moves, [start].concat(turns), (t, i) => {
      const li = document.createElement("li");
      const b = item("button", "", t);
      b.type = "button";
      b.dataset.step = String(i);
      li.append(b);
      return li;
    });
    steps = turns.length;
    show(following ? steps : step);
    if (st.over) over();
    main.dispatchEvent(new CustomEvent("oyunbot:game")); // play.js: the player's controls again
  }

  // A finished game changes no more: its stream closes and the page no
  // longer says it is live; a player's stays open for their answers.
  let es = null;
  function over() {
    main.dataset.over = "1";
    if (es && !main.dataset.me) es.close();
    live.textContent = "";
    live.className = "live";
  }

  show(steps);
  if (!window.EventSource) return;
  // The browser reconnects by itself after a network error (sending the
  // last event's id); an answer that is not a stream (a proxy's 502 while
  // the bot restarts, a full server's 503) ends the EventSource, so the
  // page opens another after a pause, from the version it has. A player's
  // page (play.js: data-me, their proof) names them, and gets their own
  // answers (a hint, an analysis) as "said" events, theirs alone.
  function connect() {
    if (main.dataset.over && !main.dataset.me) return;
    const me = main.dataset.me ? "&me=" + encodeURIComponent(main.dataset.me) : "";
    const mine = es = new EventSource("/g/" + token + "/events?v=" + version + me);
    es.addEventListener("game", (e) => apply(JSON.parse(e.data)));
    es.addEventListener("said", (e) => main.dispatchEvent(new CustomEvent("oyunbot:said", { detail: JSON.parse(e.data) })));
    es.addEventListener("open", () => {
      if (main.dataset.over) return;
      live.textContent = main.dataset.live;
      live.className = "live on";
    });
    es.addEventListener("error", () => {
      if (main.dataset.over && !main.dataset.me) return;
      if (!main.dataset.over) {
        live.textContent = main.dataset.offline;
        live.className = "live off";
      }
      if (mine.readyState === EventSource.CLOSED && es === mine) setTimeout(connect, 3000);
    });
  }
  // Signed in as a player: the stream again, naming them.
  main.addEventListener("oyunbot:me", () => {
    if (es) es.close();
    connect();
  });
  connect();
})();
