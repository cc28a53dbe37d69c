import Fastify from 'fastify';

/**
 * The yardstick: a bare Fastify hello-world, as fast as this machine answers HTTP at all.
 * Run as its own process (like the product) so both are measured the same way.
 */
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
