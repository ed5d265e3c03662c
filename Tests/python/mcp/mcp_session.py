"""One initialised session of the PyPI `mcp` client against `jasonrun mcp`, for the tests in this folder."""
from mcp import ClientSession
from mcp.client.stdio import stdio_client


async def call(server, steps):
    """Runs `steps(client)` in one initialised session of the server `server` describes."""
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as client:
            await client.initialize()
            return await steps(client)
