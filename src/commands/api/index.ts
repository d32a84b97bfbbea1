import type { Command } from 'commander';
import { examples, type ActionFactory } from '../../cli/program.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

export function registerApi(program: Command, action: ActionFactory): void {
  examples(
    program
      .command('api <path>')
      .description('make an authenticated request to any endpoint (like gh api)')
      .option('-X, --method <method>', 'HTTP method', 'GET')
      .option('-f, --field <key=value>', 'add a field: query parameter for GET, JSON body member otherwise (repeatable)', collect)
      .option('--input <file>', 'JSON request body from a file ("-" for standard input)')
      .option('--paginate', 'follow every page of a list and print one JSON array of its items')
      .action(action(() => import('./api.js'))),
    [
      'infra api /serverless/12/events',
      'infra api /vps --paginate | jq length',
      'infra api -X POST /database/3/dns',
      'infra api -X PUT /serverless/12 -f min_instances=1',
    ],
  );
}
