// The players' page: shows the Player view's latest picture, sent by the GM's app over a
// WebSocket, with pan and pinch-zoom (touch, mouse, wheel). It sends nothing to the app: the
// hero a device follows is part of the address it opens the socket with (?view=...).
"use strict";

(function () {
  const stage = document.getElementById("stage");
  const map = document.getElementById("map");
  const status = document.getElementById("status");
  const heroChoice = document.getElementById("hero-choice");
  const heroSelect = document.getElementById("hero");
  const body = document.body;

  // --- the picture: pan, zoom, turn ------------------------------------------------------
  let scale = 1, tx = 0, ty = 0, turned = false, fitted = false;
  const MIN_SCALE = 0.05, MAX_SCALE = 8;

  function apply() {
    map.style.transform = `translate(${tx}px, ${ty}px) scale(${scale})`;
  }

  function fit() {
    const w = map.naturalWidth, h = map.naturalHeight;
    if (!w || !h) return;
    const sw = stage.clientWidth, sh = stage.clientHeight;
    scale = Math.min(sw / w, sh / h);
    tx = (sw - w * scale) / 2;
    ty = (sh - h * scale) / 2;
    fitted = true;
    apply();
  }

  // A point on the screen in the stage's own coordinates (the stage may be turned by 180°).
  function local(x, y) {
    return turned ? [stage.clientWidth - x, stage.clientHeight - y] : [x, y];
  }

  function zoomAt(x, y, factor) {
    const next = Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale * factor));
    tx = x - (x - tx) * (next / scale);
    ty = y - (y - ty) * (next / scale);
    scale = next;
    apply();
  }

  const pointers = new Map();
  let pinch = null;

  function pinchState() {
    const [a, b] = [...pointers.values()];
    return { mx: (a[0] + b[0]) / 2, my: (a[1] + b[1]) / 2,
             d: Math.hypot(a[0] - b[0], a[1] - b[1]) || 1 };
  }

  stage.addEventListener("pointerdown", (e) => {
    stage.setPointerCapture(e.pointerId);
    pointers.set(e.pointerId, local(e.clientX, e.clientY));
    pinch = pointers.size === 2 ? pinchState() : null;
  });
  stage.addEventListener("pointermove", (e) => {
    const before = pointers.get(e.pointerId);
    if (!before) return;
    const now = local(e.clientX, e.clientY);
    pointers.set(e.pointerId, now);
    if (pointers.size === 1) {
      tx += now[0] - before[0];
      ty += now[1] - before[1];
      apply();
    } else if (pointers.size === 2 && pinch) {
      const next = pinchState();
      tx += next.mx - pinch.mx;
      ty += next.my - pinch.my;
      zoomAt(next.mx, next.my, next.d / pinch.d);
      pinch = next;
    }
  });
  function lift(e) {
    pointers.delete(e.pointerId);
    pinch = pointers.size === 2 ? pinchState() : null;
  }
  stage.addEventListener("pointerup", lift);
  stage.addEventListener("pointercancel", lift);
  stage.addEventListener("wheel", (e) => {
    e.preventDefault();
    const [x, y] = local(e.clientX, e.clientY);
    zoomAt(x, y, Math.exp(-e.deltaY / 500));
  }, { passive: false });
  stage.addEventListener("dblclick", fit);
  document.getElementById("fit").addEventListener("click", fit);
  document.getElementById("turn").addEventListener("click", () => {
    turned = !turned;
    stage.style.transform = turned ? "rotate(180deg)" : "";
  });
  window.addEventListener("resize", () => { if (fitted) fit(); });

  // --- pictures from the GM's app ---------------------------------------------------------
  let frames = 0, shownUrl = null, waiting = null, decoding = false;

  function show(blob) {
    waiting = blob;
    if (decoding) return;  // the newest picture is shown next; older ones are dropped
    decoding = true;
    const url = URL.createObjectURL(waiting);
    waiting = null;
    const size = [map.naturalWidth, map.naturalHeight];
    map.src = url;
    map.decode().catch(() => null).then(() => {
      if (shownUrl) URL.revokeObjectURL(shownUrl);
      shownUrl = url;
      if (!fitted || size[0] !== map.naturalWidth || size[1] !== map.naturalHeight) fit();
      requestAnimationFrame(() => {
        frames += 1;
        body.dataset.frames = String(frames);
        body.dataset.shownAt = String(Date.now());
        decoding = false;
        if (waiting) show(waiting);
      });
    });
  }

  function showHeroes(heroes) {
    const chosen = heroSelect.value;
    while (heroSelect.options.length > 1) heroSelect.remove(1);
    for (const hero of heroes) heroSelect.add(new Option(hero.name, hero.token));
    heroChoice.hidden = heroes.length === 0;
    const still = heroes.some((h) => h.token === chosen);
    heroSelect.value = still ? chosen : "";
    if (chosen && !still) connect();  // that hero is no longer offered: the party's view
  }

  // The initiative strip's line, as the Player view shows it above its map (text only).
  const strip = document.getElementById("strip");
  function showStrip(text) {
    strip.textContent = text;
    strip.hidden = text === "";
  }

  // --- the connection ---------------------------------------------------------------------
  let socket = null, retry = 1000;

  function connect() {
    if (socket) { socket.onclose = null; socket.close(); }
    const url = new URL("ws", location.href);
    url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    if (heroSelect.value) url.searchParams.set("view", heroSelect.value);
    socket = new WebSocket(url);
    socket.binaryType = "blob";
    socket.onopen = () => { status.textContent = "Live"; retry = 1000; };
    socket.onmessage = (e) => {
      if (typeof e.data !== "string") { show(e.data); return; }
      const message = JSON.parse(e.data);
      if (message.heroes) showHeroes(message.heroes);
      if (typeof message.strip === "string") showStrip(message.strip);
    };
    socket.onclose = () => {
      status.textContent = "Not connected: the GM stopped sharing, or the network dropped";
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 10000);
    };
  }
  heroSelect.addEventListener("change", connect);
  connect();
})();
