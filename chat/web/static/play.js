// play.js: a player plays their game from its page (issue 37). Signed in
// (a personal link's cookie, or, opened as a Telegram Mini App, the
// initData of window.Telegram.WebApp, else of the address's #tgWebAppData,
// sent with every request as "Authorization: tma <initData>"), the player
// gets the buttons the chat's board gives them (squares, moves, actions) and a box to type a move; a press
// posts its command to /act, which the bot handles as the chat's message.
// A page of someone else's game, or of nobody signed in, stays to watch.
"use strict";
(function () {
  const main = document.getElementById("game"), play = document.getElementById("play");
  if (!main || !play || !window.fetch) return;
  const token = main.dataset.token;
  const controls = document.getElementById("controls"), said = document.getElementById("said");
  const typed = document.getElementById("typed"), input = document.getElementById("typedmove");
  let csrf = "", busy = false;

  // A Mini App: Telegram's script (loaded by the page in Mini App mode)
  // gives the initData; without it, the address Telegram opened does.
  const app = window.Telegram && window.Telegram.WebApp;
  let initData = (app && app.initData) || "";
  if (!initData) {
    const tg = /[#&]tgWebAppData=([^&]*)/.exec(location.hash);
    if (tg) initData = decodeURIComponent(tg[1]);
  }
  if (app) {
    if (app.ready) app.ready();
    if (app.expand) app.expand();
  }
  function headers() { return initData ? { Authorization: "tma " + initData } : {}; }
  function get(url) { return fetch(url, { credentials: "same-origin", headers: headers() }); }

  function post(url, fields) {
    // The page's referrer policy is no-referrer, which would send the
    // Origin as "null": this request names its origin, for the server's
    // same-origin check.
    return fetch(url, { method: "POST", body: new URLSearchParams(fields), credentials: "same-origin", referrerPolicy: "same-origin", headers: headers() });
  }
  function key() { return "k" + Date.now().toString(36) + Math.random().toString(36).slice(2, 12); }

  function render(rows) {
    controls.replaceChildren(...rows.map((row) => {
      const div = document.createElement("div");
      div.className = "row";
      row.forEach((b) => {
        const bt = document.createElement("button");
        bt.type = "button";
        bt.textContent = b.label;
        bt.dataset.cmd = b.data;
        div.append(bt);
      });
      return div;
    }));
  }

  async function load() {
    const r = await get("/g/" + token + "/controls");
    if (!r.ok) { play.hidden = true; return; }
    play.hidden = false;
    const a = await r.json();
    render(a.rows || []);
    if (a.spots && board) { spots = a.spots; board.classList.add("clickable"); }
  }

  // A click on the board's picture presses the control of the square under
  // it (a piece, a target, a cell): where the squares are comes from the
  // server (the drawer's own geometry, both ways up), in the picture's
  // pixels. The controls stay for the keyboard and screen readers.
  const board = document.getElementById("board");
  let spots = null;
  function spotAt(e) {
    const list = spots && spots[/[?&]flip=1/.test(board.src) ? 1 : 0];
    const r = board.getBoundingClientRect();
    if (!list || !board.naturalWidth || !r.width) return null;
    const x = (e.clientX - r.left) * board.naturalWidth / r.width, y = (e.clientY - r.top) * board.naturalHeight / r.height;
    return list.find((s) => x >= s.r[0] && x < s.r[2] && y >= s.r[1] && y < s.r[3]) || null;
  }
  if (board) board.addEventListener("click", (e) => {
    if (!spots || play.hidden || busy || board.dataset.current !== "1") return;
    const s = spotAt(e);
    if (!s) return;
    const b = [...controls.querySelectorAll("button[data-cmd]")].find((b) => /^(tap|move) /.test(b.dataset.cmd) && b.dataset.cmd.split(" ").pop() === s.n);
    if (b) send(b.dataset.cmd); else said.textContent = play.dataset.nosquare;
  });

  async function send(cmd) {
    if (busy) return; // one press at a time: a double click sends once
    busy = true;
    play.classList.add("busy");
    try {
      const r = await post("/g/" + token + "/act", { cmd: cmd, key: key(), csrf: csrf });
      if (!r.ok) { said.textContent = play.dataset.refused; return; }
      const a = await r.json();
      said.textContent = (a.said || []).join("\n");
      // A game it started (a rematch): its page, signed in alike.
      if (a.go) { location.assign(a.go + location.search + location.hash); return; }
      if (a.rows) render(a.rows); else await load();
    } finally {
      busy = false;
      play.classList.remove("busy");
    }
  }

  controls.addEventListener("click", (e) => {
    const b = e.target.closest("button[data-cmd]");
    if (b) send(b.dataset.cmd);
  });
  typed.addEventListener("submit", (e) => {
    e.preventDefault();
    const m = input.value.trim();
    if (m) { input.value = ""; send("move " + m); }
  });
  main.addEventListener("oyunbot:game", () => { if (csrf) load(); });
  // An answer that came after its request's (a hint, an analysis): the
  // stream brings it to this player alone.
  main.addEventListener("oyunbot:said", (e) => {
    const a = e.detail || {};
    said.textContent = (a.said || []).join("\n");
    if (a.rows && a.rows.length) render(a.rows);
  });

  async function signIn() {
    if (initData) {
      // A cookie too, where the web view keeps one: the lobby's links.
      await post("/auth/telegram", { initData: initData });
      if (/tgWebAppData=/.test(location.hash) && !app) history.replaceState(null, "", location.pathname + location.search);
    }
    const r = await get("/me");
    if (!r.ok) return false;
    const me = await r.json();
    csrf = me.csrf;
    // game.js opens the stream again naming the player (game.js: data-me).
    main.dataset.me = me.events;
    main.dispatchEvent(new CustomEvent("oyunbot:me"));
    return true;
  }
  // data-signed-in says who the page found (tests wait for it).
  signIn().catch(() => false).then((ok) => { main.dataset.signedIn = ok ? "1" : "0"; if (ok) load(); });
})();
