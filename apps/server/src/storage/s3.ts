import type * as AwsS3 from '@aws-sdk/client-s3';
import { validateKey, validatePrefix } from './keys.ts';
import type { FileStorage } from './types.ts';
import type { S3Settings } from '../config.ts';

type S3Sdk = typeof AwsS3;
let sdkLoading: Promise<S3Sdk> | undefined;

/**
 * The AWS SDK, loaded by the first storage call: importing it costs about 0.3 CPU-s, which every process that imports
 * the storage (each server, worker and test process) paid even on local files.
 */
function s3Sdk(): Promise<S3Sdk> {
  sdkLoading ??= import('@aws-sdk/client-s3');
  return sdkLoading;
}

function isNotFound(sdk: S3Sdk, error: unknown): boolean {
  if (error instanceof sdk.NoSuchKey || error instanceof sdk.NotFound) return true;
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/** Objects in an S3-compatible bucket. The SDK retries 5xx/throttling with backoff on its own. */
export class S3FileStorage implements FileStorage {
  readonly description: string;
  private readonly prefix: string;
  /** Made with the SDK on the first call. */
  private client: AwsS3.S3Client | undefined;
  private ready: Promise<{ sdk: S3Sdk; client: AwsS3.S3Client }> | undefined;

  constructor(private readonly options: S3Settings) {
    this.prefix = options.keyPrefix ? options.keyPrefix.replace(/\/*$/, '/') : '';
    this.description = `s3:${options.endpoint ?? 'aws'}/${options.bucket}/${this.prefix}`;
  }

  /** The SDK and this storage's client, made once. */
  private sdk(): Promise<{ sdk: S3Sdk; client: AwsS3.S3Client }> {
    const { options } = this;
    this.ready ??= s3Sdk().then((sdk) => {
      this.client = new sdk.S3Client({
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: options.forcePathStyle,
        credentials:
          options.accessKeyId && options.secretAccessKey
            ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
            : undefined,
      });
      return { sdk, client: this.client };
    });
    return this.ready;
  }

  private objectKey(key: string): string {
    return this.prefix + validateKey(key);
  }

  async put(key: string, data: Uint8Array | string): Promise<void> {
    const objectKey = this.objectKey(key);
    const { sdk, client } = await this.sdk();
    await client.send(new sdk.PutObjectCommand({ Bucket: this.options.bucket, Key: objectKey, Body: data }));
  }

  async get(key: string): Promise<Uint8Array | null> {
    const objectKey = this.objectKey(key);
    const { sdk, client } = await this.sdk();
    try {
      const answer = await client.send(new sdk.GetObjectCommand({ Bucket: this.options.bucket, Key: objectKey }));
      return answer.Body ? await answer.Body.transformToByteArray() : new Uint8Array();
    } catch (error) {
      if (isNotFound(sdk, error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const objectKey = this.objectKey(key);
    const { sdk, client } = await this.sdk();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.options.bucket, Key: objectKey }));
  }

  async exists(key: string): Promise<boolean> {
    const objectKey = this.objectKey(key);
    const { sdk, client } = await this.sdk();
    try {
      await client.send(new sdk.HeadObjectCommand({ Bucket: this.options.bucket, Key: objectKey }));
      return true;
    } catch (error) {
      if (isNotFound(sdk, error)) return false;
      throw error;
    }
  }

  async list(prefix: string): Promise<string[]> {
    validatePrefix(prefix);
    const { sdk, client } = await this.sdk();
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: this.prefix + prefix, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key.slice(this.prefix.length));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  /** Closes the SDK's connections (none before the first call). */
  close(): void {
    this.client?.destroy();
  }
}
