CREATE TABLE "who_catalog_sources" (
	"kind" text PRIMARY KEY NOT NULL,
	"location" text NOT NULL,
	"fingerprint" text NOT NULL,
	"indicators" integer NOT NULL,
	"observations" integer NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "who_countries" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"region_code" text NOT NULL,
	"region_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "who_indicators" (
	"code" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "who_observations" (
	"indicator_code" text NOT NULL,
	"country_code" text NOT NULL,
	"year" integer NOT NULL,
	"dimension_type" text DEFAULT '' NOT NULL,
	"dimension_value" text DEFAULT '' NOT NULL,
	"value" double precision NOT NULL,
	"low" double precision,
	"high" double precision,
	"period" text,
	"source_rows" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "who_observations_indicator_code_country_code_year_dimension_type_dimension_value_pk" PRIMARY KEY("indicator_code","country_code","year","dimension_type","dimension_value")
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"file_name" text NOT NULL,
	"stored_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"columns" jsonb NOT NULL,
	"selected_region_column" text NOT NULL,
	"selected_year_column" text NOT NULL,
	"region_values" jsonb NOT NULL,
	"year_values" jsonb NOT NULL,
	"numeric_columns" jsonb NOT NULL,
	"non_numeric_cells" jsonb NOT NULL,
	"row_count" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_stored_name_unique" UNIQUE("stored_name")
);
--> statement-breakpoint
ALTER TABLE "who_observations" ADD CONSTRAINT "who_observations_indicator_code_who_indicators_code_fk" FOREIGN KEY ("indicator_code") REFERENCES "public"."who_indicators"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "who_observations" ADD CONSTRAINT "who_observations_country_code_who_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."who_countries"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "who_observations_country_year_idx" ON "who_observations" USING btree ("country_code","year");--> statement-breakpoint
CREATE INDEX "uploads_user_id_idx" ON "uploads" USING btree ("user_id","created_at");