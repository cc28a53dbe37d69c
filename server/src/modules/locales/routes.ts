import { LANGUAGES, type TLanguage } from '@seller-centre/contract/i18n';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadTranslations, type Translations } from './service.ts';

/** `/locales/zh.json`, `/locales/kr.json`, `/locales/th.json`: the translation host of docs/product.md. */
const localeRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = new Map<TLanguage, Translations>();
  const reload = app.config.NODE_ENV === 'development';

  app.get(
    '/locales/:file',
    {
      schema: {
        tags: ['system'],
        operationId: 'getTranslations',
        summary: 'Interface translations of one language',
        params: z.object({ file: z.enum(LANGUAGES.map((l) => `${l}.json`) as [string, ...string[]]) }),
        response: { 200: z.record(z.string(), z.unknown()) },
      },
    },
    async (request, reply) => {
      const lang = request.params.file.replace(/\.json$/, '') as TLanguage;
      let translations = reload ? undefined : cache.get(lang);
      if (!translations) {
        translations = await loadTranslations(app.config.LOCALES_DIR, lang);
        cache.set(lang, translations);
      }
      return reply.header('cache-control', 'no-cache').send(translations);
    },
  );
};

export default localeRoutes;
