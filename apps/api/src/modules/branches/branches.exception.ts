import { HttpStatus, NotFoundException } from '@nestjs/common';

export enum BranchesErrorCode {
  BRANCH_NOT_FOUND = 'BRANCH_NOT_FOUND',
}

export const branchNotFound = () =>
  new NotFoundException({
    statusCode: HttpStatus.NOT_FOUND,
    message: 'Branch not found',
    code: BranchesErrorCode.BRANCH_NOT_FOUND,
  });
