import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { checkStoreKey, isStoreKey, WholeWriteStore } from './storage.ts';
import type { FileBytes } from './storage.ts';

/** An S3-compatible bucket (AWS S3, MinIO, Ceph RGW); without keys the AWS SDK's default credential chain is used. */
export type S3Settings = {
  bucket: string;
  region: string;
  /** Another S3-compatible service's address; AWS's own when undefined. */
  endpoint: string | undefined;
  /** `endpoint/bucket/key` addresses instead of `bucket.endpoint/key` (MinIO and most self-hosted stores). */
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
};

/** Bytes of a multipart upload's part; with two parts in flight an upload holds at most ~16 MiB. */
const PART_BYTES = 8 * 1024 * 1024;

/**
 * Files in an S3-compatible bucket (CRS_FILE_STORE=s3, decision 0049), through the official AWS
 * SDK v3. A stream is sent as a multipart upload (lib-storage) as it is read, a small file in one
 * PUT; the object appears under its key only when the upload completes, so a key never holds half
 * a file. An upload that fails is aborted (no parts left behind).
 */
export class S3Store extends WholeWriteStore {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    super();
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      // Checksums only when an operation requires one: S3-compatible servers differ in what they accept.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async *list(): AsyncIterable<{ key: string; writtenAt: Date }> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        if (object.Key && isStoreKey(object.Key)) yield { key: object.Key, writtenAt: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async open(key: string): Promise<Readable | undefined> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: checkStoreKey(key) }));
      return answer.Body instanceof Readable ? answer.Body : undefined;
    } catch (err) {
      if ((err as { name?: string }).name === 'NoSuchKey' || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return undefined;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkStoreKey(key) }));
  }

  /** Stops the client's connections (a command that opened a second store). */
  close(): void {
    this.client.destroy();
  }

  protected async write(key: string, bytes: FileBytes): Promise<void> {
    const body = Buffer.isBuffer(bytes) ? bytes : Readable.from(bytes, { objectMode: false });
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: 'application/octet-stream' },
      partSize: PART_BYTES,
      queueSize: 2,
      leavePartsOnError: false,
    });
    await upload.done();
  }
}
