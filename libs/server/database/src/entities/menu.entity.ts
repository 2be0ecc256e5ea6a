import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A permission code (2000–2022) with its name; seeded by a migration, shared by all tenants. */
@Entity('menu')
export class MenuEntity {
  @PrimaryColumn({ type: 'int' }) code!: number;
  @Column({ type: 'varchar', length: 60 }) name!: string;
  /** A menu switched off here is switched off for every role. */
  @Column({ type: 'boolean', default: true }) active!: boolean;
}
