# The pelican corpus's site settings (copied into the prepared tree as
# site-src/pelicanconf.py; smart-run.sh fills in @SITEURL@ and @TIMEZONE@,
# as a CI job would from its environment).
AUTHOR = 'Debian package maintainers'
SITENAME = 'Package notes'
SITESUBTITLE = 'Uploads of the packages behind a static-site toolchain'
SITEURL = '@SITEURL@'
FEED_DOMAIN = SITEURL
RELATIVE_URLS = False
PATH = 'content'
PAGE_PATHS = ['pages']
ARTICLE_EXCLUDES = ['pages']
TIMEZONE = '@TIMEZONE@'
DEFAULT_LANG = 'en'
DEFAULT_DATE = 'fs'
DEFAULT_DATE_FORMAT = '%a %d %B %Y'
WITH_FUTURE_DATES = True
DEFAULT_PAGINATION = 8
PAGINATED_TEMPLATES = {'index': None, 'tag': 5, 'category': 6, 'author': 4}
SUMMARY_MAX_LENGTH = 40
ARTICLE_URL = '{category}/{slug}.html'
ARTICLE_SAVE_AS = '{category}/{slug}.html'
CATEGORY_URL = 'category/{slug}.html'
CATEGORY_SAVE_AS = 'category/{slug}.html'
YEAR_ARCHIVE_SAVE_AS = ''
FEED_ALL_ATOM = 'feeds/all.atom.xml'
FEED_ALL_RSS = 'feeds/all.rss.xml'
CATEGORY_FEED_ATOM = 'feeds/{slug}.atom.xml'
CATEGORY_FEED_RSS = 'feeds/{slug}.rss.xml'
TAG_FEED_ATOM = 'feeds/tag-{slug}.atom.xml'
AUTHOR_FEED_ATOM = 'feeds/author-{slug}.atom.xml'
AUTHOR_FEED_RSS = 'feeds/author-{slug}.rss.xml'
TRANSLATION_FEED_ATOM = None
FEED_MAX_ITEMS = 12
RSS_FEED_SUMMARY_ONLY = True
LINKS = (('Debian', 'https://www.debian.org/'),
         ('Pelican', 'https://getpelican.com/'),
         ('Python', 'https://www.python.org/'))
SOCIAL = (('Mastodon', 'https://fosstodon.org/@debian'),)
MENUITEMS = (('Archives', '@SITEURL@/archives.html'),)
DISPLAY_PAGES_ON_MENU = True
DISPLAY_CATEGORIES_ON_MENU = True
TYPOGRIFY = False
LOAD_CONTENT_CACHE = False
CACHE_CONTENT = False
DELETE_OUTPUT_DIRECTORY = True
STATIC_PATHS = []
