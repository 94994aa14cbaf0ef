CREATE TABLE "file_blobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text,
	"size" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_blobs_key_unique" UNIQUE("key"),
	CONSTRAINT "file_blobs_size_check" CHECK ("file_blobs"."size" >= 0)
);
--> statement-breakpoint
CREATE TABLE "file_chunks" (
	"blob_id" uuid NOT NULL,
	"n" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "file_chunks_blob_id_n_pk" PRIMARY KEY("blob_id","n")
);
--> statement-breakpoint
ALTER TABLE "file_chunks" ADD CONSTRAINT "file_chunks_blob_id_file_blobs_id_fk" FOREIGN KEY ("blob_id") REFERENCES "public"."file_blobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Files are mostly PDFs, images and zips that do not compress: keep the pieces out of line uncompressed.
ALTER TABLE "file_chunks" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
