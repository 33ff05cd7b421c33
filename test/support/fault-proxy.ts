import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy between the service and the real store that passes traffic, stalls it (a timeout),
 * refuses it (an unreachable store) or answers every request with DynamoDB's throttling error.
 */
export type Fault = 'none' | 'stall' | 'unreachable' | 'throttle';

const THROTTLED =
  '{"__type":"com.amazonaws.dynamodb.v20120810#ThrottlingException","message":"Rate of requests exceeds the allowed throughput."}';

export const startFaultProxy = async (target: string) => {
  const { hostname, port } = new URL(target);
  let fault: Fault = 'none';
  let throttled = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    if (fault === 'unreachable') return void client.destroy();
    if (fault === 'stall') return void client.resume();
    if (fault === 'throttle') {
      client.once('data', () => {
        throttled += 1;
        client.end(
          `HTTP/1.1 400 Bad Request\r\nContent-Type: application/x-amz-json-1.0\r\nContent-Length: ${THROTTLED.length}\r\nConnection: close\r\n\r\n${THROTTLED}`,
        );
      });
      return;
    }
    const upstream = connect(Number(port), hostname);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** How many requests were answered with the throttling error so far. */
    throttled: () => throttled,
    /** Applies to every connection from now on: open ones are cut, as a network fault would. */
    set: (next: Fault) => {
      fault = next;
      for (const socket of sockets) socket.destroy();
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
