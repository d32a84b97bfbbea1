// Serverless containers and their operations, as the client reads them.
import * as z from 'zod/mini';
import { lazy } from './lazy.js';
import { Id, lenient, optBool, optMap, optNum, optPollDelay, optText } from '../wire.js';
import { Capabilities, StatusDetails, envelopeOf } from './common.js';

// --- Serverless containers --------------------------------------------------------------

export const Container = lazy(() =>
  z.looseObject({
    id: Id,
    name: optText,
    slug: optText,
    description: optText,
    deployment_type: optText,
    image: optText,
    image_tag: optText,
    port: optNum,
    min_scale: optNum,
    max_scale: optNum,
    resource_profile: optText,
    environment_variables: optMap,
    status: optText,
    status_details: lenient(StatusDetails),
    /** Sent by newer servers only (docs/behaviour.md#api-status); docs/behaviour.md#waits-without-generations says how to wait without them. */
    spec_generation: optNum,
    observed_generation: optNum,
    /** v1.7.0 settings; absent on servers that predate them (null: not set, the platform's default). */
    initial_scale: optNum,
    scale_down_delay_seconds: optNum,
    build_cache_enabled: optBool,
    current_revision: optText,
    deployment_count: optNum,
    url: optText,
    capabilities: lenient(Capabilities),
    created_at: optText,
    updated_at: optText,
    deployed_at: optText,
    last_deployed_at: optText,
  }),
);

/** The operation a create answers with (and `GET /operations/{id}`'s data). */
export const Operation = lazy(() =>
  z.looseObject({
    operation_id: optText,
    resource_id: optText,
    resource_type: optText,
    kind: optText,
    state: optText,
    terminal: optBool,
    poll_after_ms: optPollDelay,
    poll_url: optText,
    revision: optText,
    image: optText,
    started_at: optText,
    finished_at: optText,
    error: lenient(z.looseObject({ code: optText, message: optText, retryable: optBool })),
  }),
);

/** GET /serverless/{id}: `{container, metrics, url, monthly_cost}`. */
export const ContainerAnswer = lazy(() => z.looseObject({ container: Container, url: optText, monthly_cost: optText }));
/** POST /serverless: 201 `{message, container, operation}`. */
export const CreateAnswer = lazy(() => z.looseObject({ message: optText, container: Container, operation: lenient(Operation) }));
/** PUT /serverless/{id}: 200 `{message, container}`. */
export const UpdateAnswer = lazy(() => z.looseObject({ message: optText, container: Container }));
/** POST /serverless/{id}/redeploy: 202 `{message, container_id, status}`, no container. */
export const RedeployAnswer = lazy(() => z.looseObject({ message: optText, container_id: optText, status: optText, spec_generation: optNum }));
/** 200 `{message}` (delete, actions); some endpoints answer 204 without a body. */
export const MessageAnswer = lazy(() => z.looseObject({ message: optText }));

export const OperationEnvelope = lazy(() => envelopeOf(Operation));

export type Container = z.infer<typeof Container>;
export type Operation = z.infer<typeof Operation>;
