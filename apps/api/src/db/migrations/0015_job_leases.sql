CREATE TABLE "job_leases" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"lease_until" timestamp with time zone NOT NULL
);
