import net from 'node:net';

/** A TCP port on 127.0.0.1 that nothing listens on now, as the OS hands it out (for a server a test or an e2e spec starts itself). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
