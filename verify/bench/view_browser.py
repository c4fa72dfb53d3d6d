"""What the page benches share: an `anakata view` server on a free port and a headless Chromium
(through Selenium) to load its page; without --gpu WebGL runs on SwiftShader."""
import re
import shutil
import subprocess

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service


def start(anakata, root, gpu):
    """Start the server and the browser; returns (server process, page URL, driver)."""
    srv = subprocess.Popen([anakata, "view", "--port", "0"], stdout=subprocess.PIPE, text=True, cwd=root)
    url = re.search(r"(http://127\.0\.0\.1:\d+/)", srv.stdout.readline()).group(1)
    opts = Options()
    for a in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1400,1000"]:
        opts.add_argument(a)
    if not gpu:
        opts.add_argument("--use-angle=swiftshader")
        opts.add_argument("--enable-unsafe-swiftshader")
    opts.binary_location = shutil.which("chromium") or shutil.which("google-chrome") or ""
    drv = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=opts)
    return srv, url, drv
