// lobby.js: the lobby opened as a Telegram Mini App (the bot's menu button,
// a named app) signs in with the initData Telegram gives it: the server
// sets its cookie, and the page is shown again, signed in (once: where the
// cookie is not kept, it stays as it is).
"use strict";
(function () {
  const lobby = document.getElementById("lobby");
  const app = window.Telegram && window.Telegram.WebApp;
  if (!lobby || !app || !app.initData || !window.fetch) return;
  if (app.ready) app.ready();
  if (app.expand) app.expand();
  if (lobby.dataset.signed || sessionStorage.getItem("oyunbot-lobby-tried")) return;
  sessionStorage.setItem("oyunbot-lobby-tried", "1");
  fetch("/auth/telegram", { method: "POST", body: new URLSearchParams({ initData: app.initData }),
    credentials: "same-origin", referrerPolicy: "same-origin" }).then((r) => { if (r.ok) location.reload(); });
})();
