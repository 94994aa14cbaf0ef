// The few calls test/s3.ts makes of @20minutes/s3rver (a maintained fork of s3rver; it ships no types).
declare module '@20minutes/s3rver' {
  import type { AddressInfo } from 'node:net';
  export default class S3rver {
    constructor(options: { address?: string; port?: number; silent?: boolean; allowMismatchedSignatures?: boolean; directory: string; resetOnClose?: boolean; configureBuckets?: Array<{ name: string }> });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
