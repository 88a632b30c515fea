"""What the page's browser tests share: Selenium's names and test_web's helpers, or exit 77
(the suite's skip) where python3-selenium is missing. `from harness import ...` first."""
import sys

try:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select
    import test_web as web
except ImportError:
    print("SKIP: python3-selenium is not installed (make test installs it)")
    sys.exit(77)

check, wait_until, text = web.check, web.wait_until, web.text
__all__ = ["ActionChains", "By", "Select", "web", "check", "wait_until", "text"]
