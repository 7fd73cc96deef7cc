"""A home router's UPnP-IGD on loopback, for tests: its description document and the SOAP actions the game
uses (GetStatusInfo, GetExternalIPAddress, AddPortMapping, DeletePortMapping), with the mappings kept."""

from __future__ import annotations

import re
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

SERVICE = "urn:schemas-upnp-org:service:WANIPConnection:1"
ROOT = f"""<?xml version="1.0"?>
<root xmlns="urn:schemas-upnp-org:device-1-0"><specVersion><major>1</major><minor>0</minor></specVersion>
<device><deviceType>urn:schemas-upnp-org:device:InternetGatewayDevice:1</deviceType><friendlyName>Fake</friendlyName>
<deviceList><device><deviceType>urn:schemas-upnp-org:device:WANDevice:1</deviceType>
<serviceList><service><serviceType>urn:schemas-upnp-org:service:WANCommonInterfaceConfig:1</serviceType>
<serviceId>urn:upnp-org:serviceId:WANCommonIFC1</serviceId><controlURL>/ctl/CommonIfCfg</controlURL>
<eventSubURL>/evt/CommonIfCfg</eventSubURL><SCPDURL>/WANCfg.xml</SCPDURL></service></serviceList>
<deviceList><device><deviceType>urn:schemas-upnp-org:device:WANConnectionDevice:1</deviceType>
<serviceList><service><serviceType>{SERVICE}</serviceType>
<serviceId>urn:upnp-org:serviceId:WANIPConn1</serviceId><controlURL>/ctl/IPConn</controlURL>
<eventSubURL>/evt/IPConn</eventSubURL><SCPDURL>/WANIPCn.xml</SCPDURL></service></serviceList>
</device></deviceList></device></deviceList></device></root>"""


class FakeRouter:
    def __init__(self, external: str = "203.0.113.7", refuse: bool = False, slow_s: float = 0.0) -> None:
        """`slow_s`: how long the router takes over AddPortMapping (a slow home router)."""
        self.external = external
        self.refuse = refuse
        self.slow_s = slow_s
        self.mappings: dict[tuple[int, str], dict[str, str]] = {}
        self.actions: list[str] = []
        router = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                self._reply(200, ROOT.encode())

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", 0))).decode()
                action = self.headers.get("SOAPAction", "").strip('"').split("#")[-1]
                router.actions.append(action)
                self._reply(*router.answer(action, body))

            def _reply(self, status: int, body: bytes) -> None:
                self.send_response(status)
                self.send_header("Content-Type", 'text/xml; charset="utf-8"')
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.http.server_address[1]}/rootDesc.xml"
        threading.Thread(target=self.http.serve_forever, daemon=True).start()

    def answer(self, action: str, body: str) -> tuple[int, bytes]:
        def field(name: str) -> str:
            found = re.search(rf"<{name}>(.*?)</{name}>", body, re.S)
            return found.group(1) if found else ""

        values: dict[str, str] = {}
        if action == "GetStatusInfo":
            values = {"NewConnectionStatus": "Connected", "NewLastConnectionError": "ERROR_NONE", "NewUptime": "1"}
        elif action == "GetExternalIPAddress":
            values = {"NewExternalIPAddress": self.external}
        elif action == "AddPortMapping":
            time.sleep(self.slow_s)
            if self.refuse:
                return 500, fault(718, "ConflictInMappingEntry")
            key = (int(field("NewExternalPort")), field("NewProtocol"))
            self.mappings[key] = {"client": field("NewInternalClient"), "port": field("NewInternalPort")}
        elif action == "DeletePortMapping":
            if self.mappings.pop((int(field("NewExternalPort")), field("NewProtocol")), None) is None:
                return 500, fault(714, "NoSuchEntryInArray")
        else:
            return 500, fault(401, "Invalid Action")
        inner = "".join(f"<{k}>{v}</{k}>" for k, v in values.items())
        return 200, envelope(f'<u:{action}Response xmlns:u="{SERVICE}">{inner}</u:{action}Response>')

    def close(self) -> None:
        self.http.shutdown()
        self.http.server_close()


def envelope(inner: str) -> bytes:
    return (
        '<?xml version="1.0"?><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/" '
        f's:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/"><s:Body>{inner}</s:Body></s:Envelope>'
    ).encode()


def fault(code: int, text: str) -> bytes:
    return envelope(
        "<s:Fault><faultcode>s:Client</faultcode><faultstring>UPnPError</faultstring><detail>"
        f'<UPnPError xmlns="urn:schemas-upnp-org:control-1-0"><errorCode>{code}</errorCode>'
        f"<errorDescription>{text}</errorDescription></UPnPError></detail></s:Fault>"
    )
