import { HttpStatus, NotFoundException } from '@nestjs/common';

export enum ContentErrorCode {
  OTHER_PRODUCT_NOT_FOUND = 'OTHER_PRODUCT_NOT_FOUND',
  UPDATE_EVENT_NOT_FOUND = 'UPDATE_EVENT_NOT_FOUND',
}

const notFound = (message: string, code: ContentErrorCode) =>
  new NotFoundException({ statusCode: HttpStatus.NOT_FOUND, message, code });

export const productNotFound = () => notFound('Product not found', ContentErrorCode.OTHER_PRODUCT_NOT_FOUND);
export const eventNotFound = () => notFound('Event not found', ContentErrorCode.UPDATE_EVENT_NOT_FOUND);
