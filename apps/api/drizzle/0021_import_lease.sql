-- A running import holds its run by a lease that its worker's heartbeat renews: once the lease has passed, the
-- worker is taken for dead and the run is resumed from its last committed batch by another attempt (or failed),
-- so a killed worker never leaves a run `running` and its data source blocked.
ALTER TABLE "import_runs" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "import_runs_running_lease" ON "import_runs" USING btree ("lease_until") WHERE status = 'running';
