// mark1's web console as a kiosk on a gallery floor (`mark1 serve --kiosk`, docs/web.md
// "The kiosk"): started by app.js when the server's `hello` says kiosk. Fullscreen on the
// first touch; no context menu, no pinch or keyboard zoom; no upload control (the server
// refuses uploads too); after the idle time with no input, the attract mode: the machine
// solving Prinz's problem at its own speed, the tubes moving, and a large "touch to play";
// a touch then starts a fresh session, as the next visitor should find it.
"use strict";

window.mark1Kiosk = (() => {
  let started = false, idleMs = 120000, timer = null, attracting = false, again = null;

  function send(msg) {
    if (typeof ws !== "undefined" && ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
  }

  function noZoom() {
    let v = document.querySelector('meta[name="viewport"]');
    if (!v) {
      v = document.createElement("meta");
      v.name = "viewport";
      document.head.appendChild(v);
    }
    v.content = "width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no";
    document.documentElement.style.touchAction = "manipulation";
    document.addEventListener("contextmenu", (e) => e.preventDefault());
    document.addEventListener("gesturestart", (e) => e.preventDefault()); // Safari's pinch
    document.addEventListener("touchmove", (e) => { if (e.touches.length > 1) e.preventDefault(); }, { passive: false });
    document.addEventListener("wheel", (e) => { if (e.ctrlKey) e.preventDefault(); }, { passive: false });
    document.addEventListener("keydown", (e) => {
      if ((e.ctrlKey || e.metaKey) && ["+", "-", "=", "0"].includes(e.key)) e.preventDefault();
    });
  }

  function fullscreen() {
    const d = document.documentElement;
    if (!document.fullscreenElement && d.requestFullscreen) d.requestFullscreen().catch(() => {});
  }

  function attractScreen(on) {
    let o = document.getElementById("attract");
    if (!on) { if (o) o.remove(); return; }
    if (o) return;
    o = document.createElement("div");
    o.id = "attract";
    o.setAttribute("role", "button");
    o.setAttribute("aria-label", "touch to play");
    // Over the console but see-through at the top, so that the tubes show the machine at work.
    o.style.cssText = "position:fixed;left:0;right:0;bottom:0;top:0;z-index:900;display:flex;"
      + "flex-direction:column;align-items:center;justify-content:flex-end;padding-bottom:8vh;"
      + "background:linear-gradient(rgba(0,0,0,0) 40%, rgba(10,12,10,0.85));color:#f4ecd0;"
      + "text-align:center;cursor:pointer;";
    const big = document.createElement("div");
    big.textContent = "touch to play";
    big.style.cssText = "font-size:4em;font-weight:bold;letter-spacing:0.05em;";
    const small = document.createElement("div");
    small.textContent = "The Ferranti Mark 1 (Manchester, 1951) is solving Prinz's chess problem at its own speed: "
      + "watch its store tubes change as it thinks.";
    small.style.cssText = "font-size:1.3em;max-width:40em;margin-top:0.6em;";
    o.appendChild(big);
    o.appendChild(small);
    o.addEventListener("pointerdown", (e) => { e.preventDefault(); e.stopPropagation(); play(); });
    document.body.appendChild(o);
  }

  // The attract mode: Prinz's problem (Figure 1) at real speed, begun again when it ends.
  function attract() {
    attracting = true;
    document.body.dataset.attract = "true";
    attractScreen(true);
    send({ op: "speed", value: "real" });
    send({ op: "start", game: "prinz" });
    send({ op: "run" });
  }

  // A visitor: a fresh session (the server's start, its --program), fullscreen.
  function play() {
    fullscreen();
    attracting = false;
    sessionStorage.removeItem("mark1-session");
    location.reload();
  }

  function poke() {
    clearTimeout(timer);
    if (!attracting) timer = setTimeout(attract, idleMs);
  }

  function start(hello) {
    if (started) return;
    started = true;
    // The server's --idle (10 s at least there; a test's server may ask for less).
    idleMs = Math.max(1, hello.idle || 120) * 1000;
    document.body.classList.add("kiosk");
    for (const f of document.querySelectorAll('input[type="file"]')) (f.closest("label") || f).remove();
    noZoom();
    const first = () => { fullscreen(); document.removeEventListener("pointerdown", first, true); };
    document.addEventListener("pointerdown", first, true);
    for (const e of ["pointerdown", "keydown", "wheel", "touchstart"]) document.addEventListener(e, poke, true);
    poke();
  }

  // While attracting, a finished run starts again, so that the tubes keep moving.
  function frame(f) {
    if (attracting && !f.running && f.stopped && !again) {
      again = setTimeout(() => { again = null; if (attracting) attract(); }, 5000);
    }
  }

  return { start, frame };
})();
