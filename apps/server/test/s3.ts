// A real S3-compatible server for tests: s3rver (npm @20minutes/s3rver) on a random loopback port,
// keeping objects in a temporary folder. The stores talk to it through the real AWS SDK.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import type { S3Settings } from '../src/lib/storage-s3.ts';

/**
 * s3rver's fixed credentials. It checks each request's key, but not the signature of a request on
 * the bucket itself: it signs `/bucket` where the AWS SDK v3 sends `/bucket/` (path style), so a
 * list would fail on a signature AWS S3 and MinIO accept. Object requests' signatures match.
 */
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export type TestS3 = { settings: S3Settings; env: Record<string, string>; close(): Promise<void> };

/** Starts an S3 server with `bucket` made; `env` holds the S3_* variables that reach it. */
export async function startS3(bucket = 'crs-files'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'crs-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, allowMismatchedSignatures: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    settings: { bucket, region: 'ap-south-1', endpoint, forcePathStyle: true, credentials: KEYS },
    env: { S3_BUCKET: bucket, S3_REGION: 'ap-south-1', S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: KEYS.accessKeyId, S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
