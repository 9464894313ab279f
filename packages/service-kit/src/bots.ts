/**
 * Known automated clients, by User-Agent: search and social crawlers, link previewers, monitors, headless browsers,
 * HTTP libraries and command-line tools. Views, impressions and clicks from them are not counted. No User-Agent at
 * all is a bot too: every browser sends one.
 */
const BOT_PATTERN =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|facebookexternalhit|embedly|quora link preview|whatsapp|telegrambot|discordbot|slackbot|skypeuripreview|bingpreview|headless|phantomjs|puppeteer|playwright|selenium|lighthouse|pagespeed|gtmetrix|pingdom|uptime|monitor|statuscake|curl\/|wget\/|python-requests|python-urllib|aiohttp|httpx|go-http-client|java\/|okhttp|apache-httpclient|libwww-perl|axios\/|node-fetch|undici|^node$|got \(|postmanruntime|insomnia|httpie|scrapy/i;

export function isKnownBot(userAgent: string | undefined): boolean {
  if (!userAgent || userAgent.trim() === '') return true;
  return BOT_PATTERN.test(userAgent);
}
