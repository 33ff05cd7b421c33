import { startLocalService, type LocalService, type LocalServiceOptions } from '../../local/local-service';
import { createContractValidator } from './contract-validator';

const validate = createContractValidator();

/**
 * The local server for HTTP-level tests, every answer it sends held to docs/openapi.yaml: closing it
 * fails the suite with the answers that broke the document (undocumented status, body off its schema,
 * required header missing), whichever client the test used.
 */
export const startCheckedService = async (options: LocalServiceOptions): Promise<LocalService> => {
  const problems: string[] = [];
  const service = await startLocalService({
    ...options,
    observe: (exchange) => {
      try {
        problems.push(...validate(exchange));
      } catch (error) {
        problems.push(`${exchange.method} ${exchange.target}: the validator failed: ${String(error)}`);
      }
      options.observe?.(exchange);
    },
  });
  return {
    ...service,
    close: async () => {
      await service.close();
      expect(problems).toEqual([]);
    },
  };
};
