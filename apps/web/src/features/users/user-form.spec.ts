import type { UserRow } from '@pondesk/contracts';
import { toUserRequest, userFormFrom } from './user-form';

const row: UserRow = {
  id: 'u1',
  username: 'bob',
  email: 'bob@example.com',
  contactNumber: '+8801700000000',
  address: 'Dhaka',
  ispName: null,
  roleId: 'r1',
  roleName: 'User',
  branches: [{ id: 'b1', name: 'North' }],
  userPrice: 50,
  sendMsg: true,
  status: 'active',
  photoUrl: null,
  createdAt: '2026-01-01T00:00:00Z',
};

describe('user form', () => {
  it('starts empty for a new user and filled for an edit', () => {
    expect(userFormFrom(null)).toMatchObject({ username: '', branchIds: [], userPrice: '', sendMsg: false });
    expect(userFormFrom(row)).toMatchObject({
      username: 'bob',
      roleId: 'r1',
      branchIds: ['b1'],
      userPrice: '50',
    });
  });

  it('sends typed values and leaves out empty optional text of a new user', () => {
    const v = {
      ...userFormFrom(null),
      username: ' eve ',
      email: 'eve@x.io ',
      userPrice: '12.5',
      roleId: 'r2',
    };
    expect(toUserRequest(v, null)).toEqual({
      username: 'eve',
      email: 'eve@x.io',
      roleId: 'r2',
      branchIds: [],
      userPrice: 12.5,
      sendMsg: false,
    });
  });

  it('keeps the password unless a new one is typed, and can clear a stored address', () => {
    const v = { ...userFormFrom(row), address: '  ' };
    const body = toUserRequest(v, row);
    expect(body).not.toHaveProperty('password');
    expect(body.address).toBe('');
    expect(toUserRequest({ ...v, password: 'newpassword' }, row).password).toBe('newpassword');
  });
});
