import './zod-config.ts';
import { z } from 'zod';

/**
 * The renderer's answer to `GET /internal/page-head?path=<path and query>` (issue 20): the page's HTTP status and the
 * markup of its `<head>` (title, description, canonical, robots, Open Graph, Twitter card, JSON-LD), which the gateway
 * writes into the shell's index.html in place of its default title and description. Anonymous content only.
 */
export const PAGE_HEAD_MAX_CHARS = 64 * 1024;
export const PageHeadAnswerSchema = z.object({
  status: z.union([z.literal(200), z.literal(404), z.literal(410)]),
  head: z.string().max(PAGE_HEAD_MAX_CHARS),
});
export type PageHeadAnswer = z.infer<typeof PageHeadAnswerSchema>;
