CREATE TABLE "metric_samples" (
	"server_id" text NOT NULL,
	"metric" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"value" real NOT NULL
);
--> statement-breakpoint
CREATE INDEX "metric_samples_brin" ON "metric_samples" USING brin ("server_id","metric","at");