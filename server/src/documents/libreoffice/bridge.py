"""
The LibreOffice bridge (started by converter.ts, beside the soffice it started in a process group of its own):
connects to that soffice over its private UNO pipe, then converts one Word document per request line on stdin and answers
with one JSON line on stdout. One soffice for many jobs: it starts in about a second, a job then takes ~0.1 s.

Request: {"id": 1, "input": "/tmp/…/in.docx", "output": "/tmp/…/out.pdf", "maxPages": 360}
Answer:  {"id": 1, "ok": true, "pages": 6}  or  {"id": 1, "ok": false, "reason": "unreadable" | "tooLong", "detail": "…"}
First line, once soffice answers: {"ready": true}. When stdin closes, soffice is ended and the bridge exits;
when soffice dies, converter.ts ends the bridge and starts both again for the next job.

Runs under Debian's /usr/bin/python3, which has the uno module (package python3-uno).
"""
import json
import os
import signal
import sys
import time

import uno
from com.sun.star.beans import PropertyValue

# LoadComponentFromURL arguments: documented constants, spelled out (css.document.MacroExecMode.NEVER_EXECUTE,
# css.document.UpdateDocMode.NO_UPDATE): no macro runs and no link is updated while the file is opened.
NEVER_EXECUTE = 0
NO_UPDATE = 0
# Only the Word 2007+ import filter may read the file, whatever LibreOffice would guess from its bytes.
DOCX_FILTER = "MS Word 2007 XML"


def props(**values):
    out = []
    for name, value in values.items():
        prop = PropertyValue()
        prop.Name = name
        prop.Value = value
        out.append(prop)
    return tuple(out)


def say(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def soffice_alive(group):
    try:
        os.killpg(group, 0)
        return True
    except OSError:
        return False


def connect(group, pipe, wait_seconds):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    deadline = time.monotonic() + wait_seconds
    while True:
        if not soffice_alive(group):
            raise SystemExit("soffice stopped while starting")
        try:
            context = resolver.resolve("uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe)
            return context.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", context)
        except Exception:
            if time.monotonic() > deadline:
                raise SystemExit("soffice did not answer within %s s" % wait_seconds)
            time.sleep(0.05)


def convert(desktop, request):
    url = uno.systemPathToFileUrl(request["input"])
    try:
        doc = desktop.loadComponentFromURL(
            url,
            "_blank",
            0,
            props(Hidden=True, ReadOnly=True, MacroExecutionMode=NEVER_EXECUTE, UpdateDocMode=NO_UPDATE,
                  FilterName=DOCX_FILTER),
        )
    except Exception as error:  # IllegalArgumentException, IOException: LibreOffice could not read it.
        return {"ok": False, "reason": "unreadable", "detail": str(error)}
    if doc is None:
        return {"ok": False, "reason": "unreadable", "detail": "no document"}
    try:
        pages = doc.getCurrentController().getPropertyValue("PageCount")
        if pages > request["maxPages"]:
            return {"ok": False, "reason": "tooLong", "detail": "%d pages" % pages}
        # UseTaggedPDF: headings, lists, tables and reading order reach screen readers.
        filter_data = uno.Any("[]com.sun.star.beans.PropertyValue", props(UseTaggedPDF=True))
        doc.storeToURL(
            uno.systemPathToFileUrl(request["output"]),
            props(FilterName="writer_pdf_Export", FilterData=filter_data),
        )
        return {"ok": True, "pages": pages}
    finally:
        doc.close(True)


def main():
    pipe, wait_seconds, group = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
    try:
        desktop = connect(group, pipe, wait_seconds)
        say({"ready": True})
        for line in sys.stdin:
            request = json.loads(line)
            answer = convert(desktop, request)
            answer["id"] = request["id"]
            say(answer)
    finally:
        # stdin closed (the server stopped, or died): soffice goes with us.
        if soffice_alive(group):
            os.killpg(group, signal.SIGKILL)


if __name__ == "__main__":
    main()
