import { bookingEndpoints } from '@rankwise/contract/bookings';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import * as bookings from './bookings.service.ts';

/** Spec §7: the slots call (the payment calls are the payments module's). */
export async function bookingRoutes(app: FastifyInstance) {
  route(app, bookingEndpoints.slots, ({ params }) => bookings.occupiedSlots(app.bookings, params.counsellorId));
}
