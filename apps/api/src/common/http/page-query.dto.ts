import type { PageQuery } from '@pondesk/contracts';
import { IsInteger, IsShortString } from '../validation/validation.decorators';

export class PageQueryDto implements PageQuery {
  @IsInteger(1, 100000, { optional: true, docs: { minimum: 1, default: 1 } }) page?: number;
  @IsInteger(1, 100, { optional: true, docs: { minimum: 1, maximum: 100, default: 20 } }) pageSize?: number;
  @IsShortString(100, { optional: true, docs: { maxLength: 100 } }) search?: string;
}

export function pageOf(query: PageQuery): { page: number; pageSize: number; skip: number } {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  return { page, pageSize, skip: (page - 1) * pageSize };
}

/** Escapes `%`, `_` and `\` so a search term is matched literally by ILIKE. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
