import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';

/**
 * Marks a plugin as one that applies to the whole app rather than to its own
 * encapsulated context: what fastify-plugin does, without the dependency.
 */
export function shared<O extends FastifyPluginOptions>(
  name: string,
  plugin: FastifyPluginAsync<O>,
): FastifyPluginAsync<O> {
  return Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: name,
  });
}
