# Stand-ins of the vitis_hls commands a script of t2s-clang --xrt calls: each
# prints its call, so a test reads what vitis_hls would be asked to do.
#   tclsh vitis_hls_stub.tcl SCRIPT [ARGS...]: runs SCRIPT with argv ARGS.
foreach command {open_project set_top add_files open_solution set_part create_clock
                 csim_design csynth_design cosim_design export_design close_project} {
  proc $command {args} "puts \"$command \$args\""
}
set script [lindex $argv 0]
set argv [lrange $argv 1 end]
source $script
