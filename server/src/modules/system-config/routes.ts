import { envelope } from '@seller-centre/contract/envelope';
import { ZSystemConfig, systemConfigPaths } from '@seller-centre/contract/system-config';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { ADVERTISING_IMAGE_FILES, advertisingBanner, PLATFORM_LOGO_FILES, platformLogo } from './assets.ts';
import { getSystemConfig } from './service.ts';

function sendSvg(reply: FastifyReply, svg: string) {
  return reply
    .type('image/svg+xml; charset=utf-8')
    .header('cache-control', 'public, max-age=86400')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .send(svg);
}

const systemConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['system'];

  app.get(
    systemConfigPaths.systemConfig,
    {
      schema: {
        tags,
        operationId: 'getSystemConfig',
        summary: 'Platform configuration (login carousel: login_advertising_map); no sign-in needed',
        response: { 200: envelope(ZSystemConfig) },
      },
    },
    async () => ok(await getSystemConfig(app.db)),
  );

  app.get(
    systemConfigPaths.advertisingImage,
    {
      schema: {
        tags,
        operationId: 'getAdvertisingImage',
        summary: 'A login carousel banner drawn by the server (SVG)',
        params: z.object({ file: z.enum(ADVERTISING_IMAGE_FILES) }),
        produces: ['image/svg+xml'],
        response: { 200: z.string().describe('The banner') },
      },
    },
    async (request, reply) => sendSvg(reply, advertisingBanner(request.params.file)!),
  );

  app.get(
    systemConfigPaths.platformLogo,
    {
      schema: {
        tags,
        operationId: 'getPlatformLogo',
        summary: 'An e-commerce platform badge drawn by the server (SVG)',
        params: z.object({ file: z.enum(PLATFORM_LOGO_FILES) }),
        produces: ['image/svg+xml'],
        response: { 200: z.string().describe('The badge') },
      },
    },
    async (request, reply) => sendSvg(reply, platformLogo(request.params.file)!),
  );
};

export default systemConfigRoutes;
