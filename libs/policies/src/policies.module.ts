import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CreatePolicyController } from './commands/create-policy/create-policy.controller';
import { CreatePolicyHandler } from './commands/create-policy/create-policy.handler';
import { DeletePolicyController } from './commands/delete-policy/delete-policy.controller';
import { DeletePolicyHandler } from './commands/delete-policy/delete-policy.handler';
import { UpdatePolicyController } from './commands/update-policy/update-policy.controller';
import { UpdatePolicyHandler } from './commands/update-policy/update-policy.handler';
import { GetPolicyController } from './queries/get-policy/get-policy.controller';
import { ListPoliciesController } from './queries/list-policies/list-policies.controller';
import { SeedDefaultPolicy } from './seed-default-policy';

/** Policies (docs/api.md §8): reads for every member of an organization, writes for its admins. */
@Module({
  imports: [CqrsModule],
  controllers: [
    ListPoliciesController,
    GetPolicyController,
    CreatePolicyController,
    UpdatePolicyController,
    DeletePolicyController,
  ],
  providers: [CreatePolicyHandler, UpdatePolicyHandler, DeletePolicyHandler, SeedDefaultPolicy],
  exports: [SeedDefaultPolicy],
})
export class PoliciesModule {}
