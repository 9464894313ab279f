/**
 * Known automated clients, by User-Agent: search and social crawlers, link previewers, monitors, headless browsers,
 * HTTP libraries and command-line tools. Views, impressions and clicks from them are not counted. No User-Agent at
 * all is a bot too: every browser sends one.
 */
const BOT_PATTERN =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|facebookexternalhit|embedly|quora link preview|whatsapp|telegrambot|discordbot|slackbot|skypeuripreview|bingpreview|headless|phantomjs|puppeteer|playwright|selenium|lighthouse|pagespeed|gtmetrix|pingdom|uptime|monitor|statuscake|curl\/|wget\/|python-requests|python-urllib|aiohttp|httpx|go-http-client|java\/|okhttp|apache-httpclient|libwww-perl|axios\/|node-fetch|undici|^node$|got \(|postmanruntime|insomnia|httpie|scrapy/i;

/**
 * Link previewers and search engines: they fetch a page once, read its head and keep what they saw (a WhatsApp preview
 * for days), run no JavaScript, and wait seconds for an answer. The gateway gives them a longer wait for the page's head
 * (issue 20 §4: their user agents must get the full head).
 */
const PREVIEWER_PATTERN =
  /whatsapp|facebookexternalhit|facebookcatalog|meta-externalagent|twitterbot|slackbot|telegrambot|discordbot|linkedinbot|skypeuripreview|pinterest|redditbot|embedly|iframely|googlebot|google-inspectiontool|bingbot|bingpreview|applebot|duckduckbot|yandex|baiduspider/i;

export function isLinkPreviewer(userAgent: string | undefined): boolean {
  return Boolean(userAgent) && PREVIEWER_PATTERN.test(userAgent!);
}

export function isKnownBot(userAgent: string | undefined): boolean {
  if (!userAgent || userAgent.trim() === '') return true;
  return BOT_PATTERN.test(userAgent);
}
