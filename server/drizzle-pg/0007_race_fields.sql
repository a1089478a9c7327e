CREATE TABLE "race_fields" (
	"week" text NOT NULL,
	"user_id" bigint NOT NULL,
	"friend_id" bigint NOT NULL,
	CONSTRAINT "race_fields_week_user_id_friend_id_pk" PRIMARY KEY("week","user_id","friend_id")
);
--> statement-breakpoint
ALTER TABLE "race_fields" ADD CONSTRAINT "race_fields_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_fields" ADD CONSTRAINT "race_fields_friend_id_users_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;