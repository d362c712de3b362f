"""The page's links to phones: WebRTC data channels with no server, the camera that reads codes, the relay.

Every outcome goes back to the game's ``handle`` as a message (``tabletop.effects``: ``Hosting``, ``Joining``,
``Linked``, ``Heard``, ``Unlinked``, ``Scanned``…); nothing here decides anything about a game.

- A channel: ``RTCPeerConnection({iceServers: []})`` (no STUN or TURN server is ever contacted: only host
  candidates, which browsers name ``<uuid>.local`` and resolve by multicast DNS on the local network) with
  one negotiated, ordered data channel.  Its description is complete once ICE gathering is (no trickle).
- The camera: ``getUserMedia`` into the scanner's ``<video>``; codes read by the browser's ``BarcodeDetector``
  where it has one that reads QR codes, else by zxing-wasm (ZXing-C++ in WebAssembly, vendored, imported only
  now).  A ``tabletop:scanned`` event on the document (its ``detail``: the text) is read as a scan too.
- The relay (``serve.py --lan`` only): ``POST ./relay`` with one JSON request, for the offers and answers, and a
  phone's wait for its table's standing offer (``Rejoin``).
- What a page keeps for its links (``Keep``, ``Recall``): the tickets of phones, in ``localStorage`` under
  ``KEPT``, beside the games' documents (a tablet's seats' tickets, a phone's own).
"""

from __future__ import annotations

import asyncio
import importlib
import json
import secrets
from pathlib import Path
from typing import Any

from pyodide.ffi import create_once_callable, create_proxy  # type: ignore[import-not-found]
from pyscript import document, js_import, window  # type: ignore[import-not-found]

from tabletop import effects as fx

SEGNO = ("__init__.py", "consts.py", "encoder.py", "utils.py", "writers.py")
SEGNO_URL = "./assets/vendor/segno/"
ZXING = "assets/vendor/zxing-wasm/reader/"
GATHER_S = 5.0  # the longest wait for ICE gathering (host candidates take milliseconds)
SCAN_EVERY_S = 0.25
WAIT_S = 25.0  # one long poll at the relay
KEPT = "zero-knizia:links."  # + the name a ``Keep`` gives


def address(path: str) -> str:
    """``path`` (relative to the page) as an absolute address."""
    return str(window.URL.new(path, document.baseURI).href)


class Links:
    """The channels of this page (by seat; a phone's one channel is seat 0), its camera and its relay."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.pcs: dict[int, Any] = {}
        self.channels: dict[int, Any] = {}
        self.generation: dict[int, int] = {}
        self.proxies: dict[int, list[tuple[Any, str, Any]]] = {}  # (target, event, listener) of each channel
        self.sent: dict[int, str] = {}
        self.stream: Any = None
        self.scanning = False
        self.facing = "user"  # the tablet looks at the phone held up to its screen; a phone looks at the tablet
        self.detect: Any = None
        self.zxing: Any = None
        self.rejoining = 0  # the phone's current wait at the relay (a new ``Rejoin`` ends the last)

    # ---- effects ----

    def carry_out(self, effect: fx.LinkEffect) -> None:
        match effect:
            case fx.Host(seat):
                self._task(self.host(seat), seat)
            case fx.Accept(seat, sdp):
                self._task(self.accept(seat, sdp), seat)
            case fx.Join(sdp):
                self._task(self.join(sdp), 0)
            case fx.Send(seat, text):
                self.send(seat, text)
            case fx.Unlink(seat):
                self.close(seat)
            case fx.Scan(on):
                if on:
                    asyncio.ensure_future(self.scan())
                else:
                    self.stop_scan()
            case fx.Fetch(name):
                asyncio.ensure_future(self.fetch(name))
            case fx.Probe():
                asyncio.ensure_future(self.probe())
            case fx.Post(kind, nonce, text, seat, slot):
                asyncio.ensure_future(self.post(kind, nonce, text, seat, slot))
            case fx.Collect(code):
                asyncio.ensure_future(self.collect(code))
            case fx.Keep(name, value):
                self.keep(name, value)
            case fx.Recall(name):
                self.page.send(fx.Recalled(name, self.recall(name)))
            case fx.Rejoin(slot):
                self.rejoining += 1
                if slot:
                    asyncio.ensure_future(self.standing(slot, self.rejoining))
            case fx.Reopen(code):
                from tabletop.remote import JOIN

                self.stop_scan()
                window.location.hash = JOIN + code
                window.location.reload()

    def _task(self, work: Any, seat: int) -> None:
        async def run() -> None:
            try:
                await work
            except Exception as err:
                window.console.error(f"link {seat}: {err}")
                self.report(seat, fx.Unlinked(seat, "failed"))

        asyncio.ensure_future(run())

    def report(self, seat: int, message: Any, generation: int | None = None) -> None:
        """Send ``message`` to the game, if it is about ``seat``'s current channel."""
        if generation is None or self.generation.get(seat) == generation:
            self.page.send(message)

    # ---- channels ----

    def _open(self, seat: int) -> tuple[Any, int]:
        """A new connection for ``seat`` (its old one dropped, silently), with its data channel watched."""
        self.drop(seat)
        if not hasattr(window, "RTCPeerConnection"):
            raise RuntimeError("no WebRTC")
        generation = self.generation.get(seat, 0) + 1
        self.generation[seat] = generation
        pc = window.RTCPeerConnection.new(self.page.to_js({"iceServers": []}))
        channel = pc.createDataChannel("table", self.page.to_js({"negotiated": True, "id": 0, "ordered": True}))
        self.pcs[seat] = pc
        self.channels[seat] = channel

        def opened(event: Any) -> None:
            self.sent.pop(seat, None)
            self.report(seat, fx.Linked(seat), generation)

        def heard(event: Any) -> None:
            self.report(seat, fx.Heard(seat, str(event.data)), generation)

        def closed(event: Any) -> None:
            if self.generation.get(seat) == generation:
                self.drop(seat)
                self.page.send(fx.Unlinked(seat, "closed"))

        def changed(event: Any) -> None:
            if str(pc.connectionState) == "failed" and self.generation.get(seat) == generation:
                self.drop(seat)
                self.page.send(fx.Unlinked(seat, "failed"))

        proxies = []
        for target, kind, handler in ((channel, "open", opened), (channel, "message", heard),
                                      (channel, "close", closed), (pc, "connectionstatechange", changed)):
            proxy = create_proxy(lambda event, handler=handler: self.page.guarded(handler, event))
            proxies.append((target, kind, proxy))
            target.addEventListener(kind, proxy)
        self.proxies[seat] = proxies
        return pc, generation

    async def _gathered(self, pc: Any) -> None:
        waited = 0.0
        while str(pc.iceGatheringState) != "complete" and waited < GATHER_S:
            await asyncio.sleep(0.03)
            waited += 0.03

    async def host(self, seat: int) -> None:
        """The tablet: a channel for ``seat``, described once its candidates are gathered."""
        try:
            pc, generation = self._open(seat)
        except RuntimeError:
            self.page.send(fx.Unlinked(seat, "unsupported"))
            return
        await pc.setLocalDescription(await pc.createOffer())
        await self._gathered(pc)
        base = str(window.location.origin) + str(window.location.pathname)
        hosting = fx.Hosting(seat, secrets.token_bytes(6).hex(), str(pc.localDescription.sdp), base,
                             secrets.token_bytes(16).hex())
        self.report(seat, hosting, generation)

    async def accept(self, seat: int, sdp: str) -> None:
        pc = self.pcs.get(seat)
        if pc is None:
            self.page.send(fx.Unlinked(seat, "failed"))
            return
        await pc.setRemoteDescription(self.page.to_js({"type": "answer", "sdp": sdp}))

    async def join(self, sdp: str) -> None:
        """The phone: answer the table's offer."""
        try:
            pc, generation = self._open(0)
        except RuntimeError:
            self.page.send(fx.Unlinked(0, "unsupported"))
            return
        await pc.setRemoteDescription(self.page.to_js({"type": "offer", "sdp": sdp}))
        await pc.setLocalDescription(await pc.createAnswer())
        await self._gathered(pc)
        self.report(0, fx.Joining(str(pc.localDescription.sdp)), generation)

    def send(self, seat: int, text: str) -> None:
        channel = self.channels.get(seat)
        if channel is not None and str(channel.readyState) == "open":
            channel.send(text)

    def show(self, outbox: tuple[tuple[int, str], ...]) -> None:
        """Send each phone its screen, when it changed (like a region that is drawn again only when it changed)."""
        for seat, text in outbox:
            channel = self.channels.get(seat)
            if channel is not None and str(channel.readyState) == "open" and self.sent.get(seat) != text:
                channel.send(text)
                self.sent[seat] = text

    def drop(self, seat: int) -> None:
        """Forget ``seat``'s channel: its events no longer reach the game; closed after what it was asked to send."""
        self.generation[seat] = self.generation.get(seat, 0) + 1
        pc = self.pcs.pop(seat, None)
        channel = self.channels.pop(seat, None)
        self.sent.pop(seat, None)
        # Each listener is taken off its target before it is destroyed: the channel closes later (below), and its
        # close event must not reach a destroyed proxy ("Object has already been destroyed", uncaught).
        for target, kind, proxy in self.proxies.pop(seat, []):
            target.removeEventListener(kind, proxy)
            proxy.destroy()
        if pc is not None:
            def close() -> None:
                if channel is not None:
                    channel.close()
                pc.close()

            window.setTimeout(create_once_callable(close), 400)

    def close(self, seat: int) -> None:
        self.drop(seat)

    def close_all(self) -> None:
        """The page leaves its game (the host tapped Games, or opened another): each open channel is told goodbye
        first, so that its phone says the table set up another game, not that the connection was lost."""
        from tabletop.remote import message  # the phones' protocol: not on the first screen's path

        for seat in list(self.pcs):
            self.send(seat, message("bye", why="gone"))
            self.drop(seat)
        self.stop_scan()

    # ---- the camera ----

    async def scan(self) -> None:
        devices = getattr(window.navigator, "mediaDevices", None)
        if devices is None or not hasattr(devices, "getUserMedia"):
            self.page.send(fx.ScanFailed("no-camera"))
            return
        try:
            self.stream = await devices.getUserMedia(self.page.to_js(
                {"video": {"facingMode": {"ideal": self.facing}}, "audio": False}))
        except Exception as err:
            self.page.send(fx.ScanFailed("denied" if "NotAllowed" in str(err) else "no-camera"))
            return
        self.scanning = True
        self.attach()
        if self.detect is None:
            try:
                self.detect = await self.decoder()
            except Exception as err:
                window.console.error(f"codes: {err}")
                self.detect = None
        if self.detect is None:
            self.stop_scan()
            self.page.send(fx.ScanFailed("no-decoder"))
            return
        while self.scanning:
            await asyncio.sleep(SCAN_EVERY_S)
            video = document.querySelector("[data-scanner]")
            if not self.scanning or not video or int(video.readyState) < 2:
                continue
            try:
                text = await self.detect(video)
            except Exception:
                text = ""
            if text and self.scanning:
                self.stop_scan()
                self.page.send(fx.Scanned(text))

    async def decoder(self) -> Any:
        """How to read a code in a video frame: the browser's ``BarcodeDetector``, else zxing-wasm's reader."""
        detector = getattr(window, "BarcodeDetector", None)
        if detector is not None:
            formats = [str(f) for f in await detector.getSupportedFormats()]
            if "qr_code" in formats:
                found = detector.new(self.page.to_js({"formats": ["qr_code"]}))

                async def detect(video: Any) -> str:
                    codes = await found.detect(video)
                    return str(codes[0].rawValue) if codes.length else ""

                return detect
        reader = await self.reader()
        canvas = document.createElement("canvas")
        context = canvas.getContext("2d", self.page.to_js({"willReadFrequently": True}))
        options = self.page.to_js({"formats": ["QRCode"], "maxNumberOfSymbols": 1, "tryHarder": True})

        async def read(video: Any) -> str:
            width, height = int(video.videoWidth), int(video.videoHeight)
            if not width or not height:
                return ""
            canvas.width, canvas.height = width, height
            context.drawImage(video, 0, 0, width, height)
            results = await reader.readBarcodes(context.getImageData(0, 0, width, height), options)
            for result in results:
                if result.isValid:
                    return str(result.text)
            return ""

        return read

    async def reader(self) -> Any:
        """zxing-wasm's reader, imported from this site (its WebAssembly too: never from a CDN)."""
        if self.zxing is None:
            (module,) = await js_import(address(ZXING + "index.js"))
            locate = create_proxy(lambda path, prefix: address(ZXING + str(path)))
            await module.prepareZXingModule(self.page.to_js({"overrides": {"locateFile": locate},
                                                              "fireImmediately": True}))
            self.zxing = module
        return self.zxing

    def attach(self) -> None:
        """Show the camera's picture in the scanner's ``<video>`` (after a repaint put a new one on the page)."""
        video = document.querySelector("[data-scanner]")
        if self.stream is not None and video and video.srcObject != self.stream:
            video.srcObject = self.stream
            video.play()

    def stop_scan(self) -> None:
        self.scanning = False
        if self.stream is not None:
            for track in self.stream.getTracks():
                track.stop()
            self.stream = None

    # ---- the code library and the relay ----

    async def fetch(self, name: str) -> None:
        from pyodide.http import pyfetch  # type: ignore[import-not-found]

        try:
            if not Path("segno/__init__.py").exists():
                for file in SEGNO:
                    response = await pyfetch(SEGNO_URL + file)
                    if not response.ok:
                        raise OSError(f"{file}: HTTP {response.status}")
                    data = await response.bytes()
                    Path("segno").mkdir(exist_ok=True)
                    Path("segno", file).write_bytes(data)
                importlib.invalidate_caches()
            await asyncio.sleep(0)
            importlib.import_module("segno")
            self.page.send(fx.Fetched(name, True))
        except Exception as err:
            window.console.error(f"codes: {err}")
            self.page.send(fx.Fetched(name, False))

    async def ask(self, request: dict[str, Any]) -> dict[str, Any] | None:
        """One request to the relay; ``None`` if there is none (or it failed)."""
        from pyodide.http import pyfetch

        try:
            response = await pyfetch("./relay", method="POST", body=json.dumps(request),
                                     headers={"Content-Type": "application/json"})
            if not response.ok:
                return None
            data = json.loads(await response.string())
            return data if isinstance(data, dict) else None
        except Exception:
            return None

    async def probe(self) -> None:
        """Whether the page's server relays pairing codes: ``serve.py --lan`` says so on every file (a request that
        fails would be a console error on any other host)."""
        from pyodide.http import pyfetch

        try:
            response = await pyfetch("./", method="HEAD", cache="no-store")
            said = str(response.headers.get("x-pairing-relay") or "") == "1"
        except Exception:
            said = False
        self.page.send(fx.Relayed(said))

    async def post(self, kind: str, nonce: str, text: str, seat: int, slot: str = "") -> None:
        if kind == "answer":
            await self.ask({"op": "answer", "nonce": nonce, "text": text})
            return
        generation = self.generation.get(seat)
        offer = {"op": "offer", "nonce": nonce, "text": text, **({"slot": slot} if slot else {})}
        found = await self.ask(offer)
        if not found or not isinstance(found.get("code"), str):
            return
        self.page.send(fx.Posted(nonce, found["code"]))
        while self.generation.get(seat) == generation:  # until the answer comes, or this offer is gone
            found = await self.ask({"op": "wait", "nonce": nonce})
            if found is None:
                await asyncio.sleep(2)
            elif found.get("withdrawn"):  # wrong codes were typed: the relay took this one back; a new one
                again = await self.ask(offer)
                if not again or not isinstance(again.get("code"), str):
                    return
                if self.generation.get(seat) == generation:
                    self.page.send(fx.Posted(nonce, again["code"], withdrawn=True))
            elif isinstance(found.get("text"), str):
                if self.generation.get(seat) == generation:
                    self.page.send(fx.Scanned(found["text"], typed=found.get("typed") is True,
                                              rejoin=found.get("rejoin") is True))
                return
            elif found.get("gone"):
                return

    async def collect(self, code: str) -> None:
        found = await self.ask({"op": "collect", "code": code})
        if found and isinstance(found.get("text"), str):
            self.page.send(fx.Scanned(found["text"]))
        else:
            self.page.send(fx.ScanFailed("no-code"))

    async def standing(self, slot: str, rejoining: int) -> None:
        """The phone: wait at the relay for its table's offer under ``slot`` (until found, or another ``Rejoin``)."""
        while self.rejoining == rejoining:
            found = await self.ask({"op": "standing", "slot": slot})
            if self.rejoining != rejoining:
                return
            if found is None:
                await asyncio.sleep(2)
            elif isinstance(found.get("text"), str):
                self.rejoining += 1
                self.page.send(fx.Scanned(found["text"], rejoin=True))
                return

    # ---- what a page keeps for its links ----

    def keep(self, name: str, value: str) -> None:
        try:
            if value:
                window.localStorage.setItem(KEPT + name, value)
            else:
                window.localStorage.removeItem(KEPT + name)
        except Exception as err:  # storage refused (private browsing, site data blocked): no rejoining by ticket
            window.console.warn(f"links: {err}")

    def recall(self, name: str) -> str:
        try:
            return str(window.localStorage.getItem(KEPT + name) or "")
        except Exception:
            return ""
